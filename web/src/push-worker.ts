// The service worker (built to /sw.js, a classic script: nothing exported): shows the match's Web Push notices.
import { noticeText, type PushNotice } from './push-notice.js';

// The worker's global, typed by hand: the page's DOM types and the worker's cannot share one program.
interface WorkerEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
  data?: { json(): unknown } | null;
  notification?: Notification & { data?: { url?: string } };
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string): Promise<unknown>; claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WorkerEvent) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
if (typeof scope.registration === 'object') {
  scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()));
  scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
  scope.addEventListener('push', (event) => {
    let notice: PushNotice = {};
    try {
      notice = (event.data?.json() ?? {}) as PushNotice;
    } catch {
      return;
    }
    const text = noticeText(notice);
    if (!text) return;
    event.waitUntil(
      scope.registration.showNotification(text.title, { body: text.body, tag: text.tag, icon: '/favicon.svg', data: { url: text.url } }),
    );
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification?.close();
    event.waitUntil(scope.clients.openWindow(event.notification?.data?.url ?? '/'));
  });
}
