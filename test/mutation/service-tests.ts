// Which test files run when StrykerJS mutates files of functions/ (`npm run mutation -- functions/service/...`,
// test/mutation/run.ts, vitest.service-mutation.config.ts). The service layer's tests are the stack tests,
// against DynamoDB Local, and most of them take seconds each: running all of them for every mutant of
// every file costs hours. A file listed here runs only the test files listed with it.
//
// A narrower set can only lower the score: a mutant some unlisted test would have killed survives here,
// it is never counted killed because of the map. So the figure stays honest; a survivor of a mapped
// file is worth checking against the whole set before it is called a gap (`DUSK_MUTATION_TESTS=all`,
// see run.ts). A file not listed here, or a run that names one unlisted file, runs `ALL_SERVICE_TESTS`.

/**
 * Everything that exercises functions/: the stack folders and the few unit tests that import it. Left
 * out, and never run by a mutation run: the browser tests (test/e2e), test/load and test/faults/kill.test.ts
 * (they spawn processes and kill them), test/bench, test/infra (the CDK app), and the pure engine tests.
 */
export const ALL_SERVICE_TESTS = [
  'test/unit/platform/**/*.test.ts',
  'test/integration/**/*.test.ts',
  'test/toolkit/**/*.test.ts',
  'test/contention/**/*.test.ts',
  'test/posts/**/*.test.ts',
  'test/abuse/**/*.test.ts',
  'test/scenario/**/*.test.ts',
  'test/adapters/**/*.test.ts',
  'test/service/**/*.test.ts',
  'test/faults/audit.test.ts',
  'test/faults/dynamo-faults.test.ts',
  'test/faults/lambda-failures.test.ts',
  'test/faults/triggers.test.ts',
];

/** The tests that render forum posts without the stack. */
const POST_TESTS = ['test/posts/escaping.test.ts', 'test/unit/platform/discourse-lang.test.ts', 'test/unit/platform/post-*.test.ts'];

/**
 * The write path and the toolkit, through the API and directly: what a file that every request reaches runs
 * (submission, resolve, publish, play, ...). Left out: test/contention/closers.test.ts and
 * test/abuse/side-channels.test.ts, 8 of the 11 minutes the stack tests take under StrykerJS (a survivor on
 * a hot line runs every test that reaches it), and the scenario runs.
 */
const STACK_TESTS = [
  'test/service/**/*.test.ts',
  'test/unit/platform/**/*.test.ts',
  'test/integration/lifecycle.test.ts',
  'test/integration/resolver.test.ts',
  'test/integration/api-refusals.test.ts',
  'test/integration/extend-paused.test.ts',
  'test/integration/join-options.test.ts',
  'test/integration/names-and-ids.test.ts',
  'test/integration/web-push.test.ts',
  'test/integration/live-push.test.ts',
  'test/integration/telemetry.test.ts',
  'test/integration/event-cursors.test.ts',
  'test/toolkit/**/*.test.ts',
  'test/posts/vote-count.test.ts',
  'test/posts/routes.test.ts',
  'test/abuse/privacy.test.ts',
  'test/abuse/forged-import.test.ts',
  'test/contention/stale-phase.test.ts',
  'test/contention/lobby.test.ts',
  'test/faults/audit.test.ts',
];

/** The files every request reaches, measured by a sample (`--sample`, sample.ts): each runs STACK_TESTS. */
const SAMPLED = ['submission', 'resolve', 'publish', 'context', 'play', 'audit', 'toolkit/webhooks'];

/**
 * The GM toolkit's routes (substitute, rollback, end, export, import, replay, spectate, votes): every test file
 * that calls one of them through the API, and the unit tests of the records they read and write.
 */
const TOOLKIT_TESTS = [
  'test/toolkit/**/*.test.ts',
  'test/abuse/edges.test.ts',
  'test/abuse/forged-import.test.ts',
  'test/abuse/privacy.test.ts',
  'test/integration/names-and-ids.test.ts',
  'test/integration/openapi-statuses.test.ts',
  'test/integration/error-statuses.test.ts',
  'test/integration/event-cursors.test.ts',
  'test/service/callers.test.ts',
  'test/service/event-pages.test.ts',
  'test/service/listing.test.ts',
  'test/service/toolkit-lease.test.ts',
  'test/service/races.test.ts',
  'test/posts/**/*.test.ts',
  'test/unit/platform/**/*.test.ts',
];

/** Web push: subscribing through the API, the notices a resolution sends, the observers that send them. */
const PUSH_TESTS = [
  'test/integration/web-push.test.ts',
  'test/integration/live-push.test.ts',
  'test/integration/openapi-statuses.test.ts',
  'test/service/observers.test.ts',
  'test/service/finish.test.ts',
  'test/unit/platform/push-*.test.ts',
  'test/unit/platform/deferred-ports.test.ts',
];

/** The forum posts read from the store and published with a resolution, and the hooks that deliver them. */
const POST_STORE_TESTS = [
  'test/posts/**/*.test.ts',
  'test/toolkit/discourse.test.ts',
  'test/toolkit/webhooks.test.ts',
  'test/toolkit/webhook-rebinding.test.ts',
  'test/integration/openapi-statuses.test.ts',
  'test/integration/telemetry.test.ts',
  'test/service/outbox.test.ts',
  'test/unit/platform/post-*.test.ts',
];

/** Service file → the test files that exercise it (globs, relative to the repository). */
export const SERVICE_TESTS: Record<string, string[]> = {
  // The webhook outbox: enqueue, claim, send, retry with backoff, give up; reminders; Discourse signing.
  'functions/service/toolkit/outbox.ts': [
    'test/toolkit/webhooks.test.ts',
    'test/toolkit/webhook-rebinding.test.ts',
    'test/toolkit/discourse.test.ts',
    'test/integration/telemetry.test.ts',
    'test/service/outbox*.test.ts',
  ],
  // Create, settings, join, options, start, pause, resume, extend, close, remove.
  'functions/service/lifecycle.ts': [
    'test/integration/lifecycle.test.ts',
    'test/integration/extend-paused.test.ts',
    'test/integration/join-options.test.ts',
    'test/integration/api-refusals.test.ts',
    'test/integration/names-and-ids.test.ts',
    'test/integration/resolver.test.ts',
    'test/integration/openapi-statuses.test.ts',
    'test/integration/error-statuses.test.ts',
    'test/contention/lobby.test.ts',
    'test/toolkit/no-shows.test.ts',
    'test/service/lifecycle*.test.ts',
    'test/service/races.test.ts',
  ],
  // Bearer tokens and sealed cursors: pure functions, with unit tests of their own.
  'functions/service/tokens.ts': ['test/unit/platform/tokens.test.ts'],
  'functions/service/cursor-seal.ts': ['test/unit/platform/cursor-seal.test.ts'],
  // The vote count: its pure part (ballotsOf, countOf over the ruleset's tally, the posts' layout of it) has
  // unit tests; the store's part (voteCount, publishVoteCounts) is the stack's, test/posts/vote-count.test.ts.
  'functions/service/toolkit/votes.ts': [
    'test/unit/platform/vote-tally.test.ts',
    'test/unit/platform/post-votes.test.ts',
    'test/posts/vote-count.test.ts',
    'test/posts/routes.test.ts',
    'test/toolkit/spectate-votes.test.ts',
    'test/integration/ballot-order.test.ts',
  ],
  // Webhook bodies (Discord, Telegram, plain JSON): pure; the stack's webhook tests send them for real.
  'functions/service/toolkit/webhook-bodies.ts': ['test/unit/platform/webhook-bodies.test.ts'],
  // Small pure helpers with unit tests of their own: the bounded cache, who is reminded of a deadline
  // and when, the Discourse post's language and request.
  'functions/service/recent.ts': ['test/unit/platform/recent.test.ts'],
  'functions/service/push/reminders.ts': ['test/unit/platform/push-reminders.test.ts'],
  'functions/service/toolkit/discourse.ts': ['test/unit/platform/discourse-lang.test.ts', 'test/unit/platform/discourse-target.test.ts'],
  // Settings at the service's edge: the platform's own, the issues a check answers, the check itself.
  'functions/service/platform-settings.ts': ['test/unit/platform/settings.test.ts'],
  'functions/service/settings-issue.ts': ['test/unit/platform/settings.test.ts'],
  'functions/service/settings-check.ts': ['test/unit/platform/settings.test.ts'],
  // Import's replay (decision 9): pure, unit-tested on exported records (test/unit/platform/records) and stand-in rulesets.
  'functions/service/toolkit/given-events.ts': ['test/unit/platform/given-events.test.ts', 'test/unit/platform/replay.test.ts'],
  'functions/service/toolkit/replay.ts': ['test/unit/platform/replay.test.ts', 'test/unit/platform/given-events.test.ts'],
  // Player names (decision 10): pure, bar the confusables table it loads.
  'functions/service/names.ts': ['test/unit/platform/names.test.ts'],
  // The forum posts' words, markup and layout: pure, rendered directly by the escaping tests.
  'functions/service/posts/render.ts': POST_TESTS,
  'functions/service/posts/markup.ts': POST_TESTS,
  'functions/service/posts/phrases.ts': POST_TESTS,
  'functions/service/posts/words.ts': POST_TESTS,
  // Pages of the log (issue 16): called directly on the real store, and through the API's read routes.
  'functions/service/event-pages.ts': ['test/service/event-pages.test.ts', 'test/integration/event-cursors.test.ts'],
  // The public list: called directly on the real store, and through the API (the lifetime, the sealed cursor).
  'functions/service/listing.ts': ['test/service/listing.test.ts', 'test/abuse/listing.test.ts'],
  // The resolution's claim (decision 7): heldByOther, commitClaimed, waitForRelease, called directly on the real store.
  'functions/service/claim.ts': ['test/service/claim.test.ts', 'test/service/lifecycle.test.ts'],
  // Small service files called directly on the real store (test/service): kept reads, callers, the finish of a
  // committed change, the empty observers, live push, a match's identity, refusals.
  'functions/service/warm-reads.ts': ['test/service/warm-reads.test.ts'],
  'functions/service/callers.ts': ['test/service/callers.test.ts'],
  'functions/service/finish.ts': ['test/service/finish.test.ts'],
  'functions/service/observers.ts': ['test/service/observers.test.ts'],
  'functions/service/live.ts': ['test/service/live.test.ts'],
  'functions/service/match-identity.ts': ['test/service/match-identity.test.ts'],
  'functions/service/errors.ts': ['test/service/errors.test.ts', 'test/unit/platform/names.test.ts', 'test/unit/platform/settings.test.ts'],
};

for (const name of SAMPLED) SERVICE_TESTS[`functions/service/${name}.ts`] = STACK_TESTS;
for (const name of ['store', 'spectate', 'import-names', 'substitute', 'end', 'rollback', 'no-shows', 'record', 'import']) {
  SERVICE_TESTS[`functions/service/toolkit/${name}.ts`] = TOOLKIT_TESTS;
}
for (const name of ['notices', 'subscriptions', 'observers']) SERVICE_TESTS[`functions/service/push/${name}.ts`] = PUSH_TESTS;
for (const name of ['posts/load', 'posts/publish', 'toolkit/hooks']) SERVICE_TESTS[`functions/service/${name}.ts`] = POST_STORE_TESTS;
// Metrics, and the ids a join or an import hands out: the tests that read the metrics or the ids back.
SERVICE_TESTS['functions/service/telemetry.ts'] = [
  'test/integration/telemetry.test.ts',
  'test/service/outbox.test.ts',
  'test/service/live.test.ts',
];
SERVICE_TESTS['functions/service/player-ids.ts'] = [
  'test/integration/names-and-ids.test.ts',
  'test/integration/join-options.test.ts',
  'test/abuse/forged-import.test.ts',
  'test/toolkit/record.test.ts',
];

/** The test files (globs) for a run that mutates `files`: the union of their entries, or everything. */
export function serviceTestsFor(files: string[]): string[] {
  if (files.length === 0 || files.some((f) => !SERVICE_TESTS[f])) return ALL_SERVICE_TESTS;
  return [...new Set(files.flatMap((f) => SERVICE_TESTS[f]!))];
}
