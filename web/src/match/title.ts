// The tab's title: the phase and the match, with a mark while something arrived unseen
// (a new phase, a new event) in a tab the reader is not looking at.
export function tabTitle() {
  let seenCount = -1;
  let seenPhase = '';
  let unread = false;
  let text = 'dusk';
  const show = () => {
    document.title = `${unread ? '● ' : ''}${text}`;
  };
  const onVisible = () => {
    if (!document.hidden) {
      unread = false;
      show();
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  return {
    update(name: string, phase: string, events: number, phaseKey: string) {
      text = `${phase} · ${name} — dusk`;
      const changed = seenCount >= 0 && (events > seenCount || phaseKey !== seenPhase);
      if (changed && document.hidden) unread = true;
      seenCount = events;
      seenPhase = phaseKey;
      show();
    },
    stop() {
      document.removeEventListener('visibilitychange', onVisible);
      document.title = 'dusk';
    },
  };
}
