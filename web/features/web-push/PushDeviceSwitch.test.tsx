import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_PUSH_MESSAGES as M } from '../../../shared/contracts/web-push';
import { fakeServer, sessionAs, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { PUSH_TEXT } from './PushDeviceSwitch';
import { PUSH_SWITCH_LABEL, PushDeviceSwitch } from '.';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });

/** The browser boundary: the permission, the service worker and its PushManager, stubbed. */
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';
const KEYS = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };

type FakeSubscription = { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> };

function fakeBrowserPush(options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  const state = {
    permission: options.permission ?? 'default',
    subscription: null as FakeSubscription | null,
    serverKeys: [] as Uint8Array[],
    registered: [] as [string, RegistrationOptions | undefined][],
    unsubscribed: 0,
  };
  const subscription = (): FakeSubscription => ({
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: async () => {
      state.subscription = null;
      state.unsubscribed++;
      return true;
    },
  });
  if (options.subscribed) state.subscription = subscription();
  const registration = {
    pushManager: {
      getSubscription: async () => state.subscription,
      subscribe: async (o: PushSubscriptionOptionsInit) => {
        state.serverKeys.push(o.applicationServerKey as Uint8Array);
        state.subscription = subscription();
        return state.subscription;
      },
    },
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: async () => (state.permission = options.answer ?? 'granted'),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string, o?: RegistrationOptions) => void state.registered.push([url, o]),
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return state;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  localStorage.clear();
});

const ends = (c: Call, path: string) => c.url.endsWith(`/api/notification/${path}`);
const pushServer = (addStatus = 200) => fakeServer((c) => {
  if (ends(c, 'getVapidPublicKey')) return { data: { publicKey: PUBLIC_KEY } };
  if (ends(c, 'addFcmToken')) return addStatus === 200 ? { message: M.registered } : { status: addStatus, message: 'Something went wrong' };
  if (ends(c, 'removeFcmToken')) return { message: M.removed };
  return undefined;
});
const theSwitch = async () => (await screen.findByLabelText(PUSH_SWITCH_LABEL)) as HTMLInputElement;

describe('PushDeviceSwitch', () => {
  it('turns push on: asks permission, subscribes with the server’s key, registers the subscription', async () => {
    sessionAs('student');
    const browser = fakeBrowserPush();
    const calls = pushServer();
    renderWithApp(<PushDeviceSwitch userId="u1" />);
    const toggle = await theSwitch();
    expect(toggle.checked).toBe(false);
    // The worker is there before anything is asked of the person.
    expect(browser.registered).toEqual([['/sw.js', { scope: '/' }]]);
    fireEvent.click(toggle);
    expect(await screen.findByText(M.registered)).toBeTruthy();
    expect((await theSwitch()).checked).toBe(true);
    expect(new Set(browser.registered.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify(['/sw.js', { scope: '/' }])]));
    expect(browser.serverKeys[0]).toHaveLength(65);
    expect(browser.serverKeys[0]![0]).toBe(4);
    expect(calls.find((c) => ends(c, 'addFcmToken'))?.body).toEqual({ userId: 'u1', fcmToken: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS } });
  });

  it('shows push on where this person turned it on, sends the subscription again, and turns it off', async () => {
    sessionAs('teacher');
    localStorage.setItem('pushDeviceOwner', 'u1');
    const browser = fakeBrowserPush({ permission: 'granted', subscribed: true });
    const calls = pushServer();
    renderWithApp(<PushDeviceSwitch userId="u1" />);
    await waitFor(async () => expect((await theSwitch()).checked).toBe(true));
    expect(calls.filter((c) => ends(c, 'addFcmToken'))).toHaveLength(1);
    fireEvent.click(await theSwitch());
    expect(await screen.findByText(M.removed)).toBeTruthy();
    expect((await theSwitch()).checked).toBe(false);
    expect(browser.unsubscribed).toBe(1);
    expect(calls.find((c) => ends(c, 'removeFcmToken'))?.body).toEqual({ userId: 'u1', endpoint: ENDPOINT });
  });

  it('shows it off when another person turned push on in this browser', async () => {
    sessionAs('student');
    localStorage.setItem('pushDeviceOwner', 'someone-else');
    fakeBrowserPush({ permission: 'granted', subscribed: true });
    const calls = pushServer();
    renderWithApp(<PushDeviceSwitch userId="u1" />);
    expect((await theSwitch()).checked).toBe(false);
    expect(calls.filter((c) => ends(c, 'addFcmToken'))).toEqual([]);
  });

  it('explains a browser that blocks notifications, with the switch disabled', async () => {
    sessionAs('student');
    fakeBrowserPush({ permission: 'denied' });
    pushServer();
    renderWithApp(<PushDeviceSwitch userId="u1" />);
    expect((await theSwitch()).disabled).toBe(true);
    expect(screen.getByText(PUSH_TEXT.blocked)).toBeTruthy();
  });

  it('explains a browser without push', async () => {
    sessionAs('student');
    pushServer();
    renderWithApp(<PushDeviceSwitch userId="u1" />);
    expect((await theSwitch()).disabled).toBe(true);
    expect(screen.getByText(PUSH_TEXT.unsupported)).toBeTruthy();
  });

  it('stays off when the permission prompt is dismissed, and says so', async () => {
    sessionAs('student');
    const browser = fakeBrowserPush({ answer: 'default' });
    const calls = pushServer();
    renderWithApp(<PushDeviceSwitch userId="u1" />);
    fireEvent.click(await theSwitch());
    expect(await screen.findByText(PUSH_TEXT.dismissed)).toBeTruthy();
    await waitFor(async () => expect((await theSwitch()).checked).toBe(false));
    expect(browser.subscription).toBeNull();
    expect(calls.filter((c) => ends(c, 'addFcmToken'))).toEqual([]);
  });

  it('ends the browser’s subscription when the server refuses it', async () => {
    sessionAs('student');
    const browser = fakeBrowserPush();
    pushServer(500);
    renderWithApp(<PushDeviceSwitch userId="u1" />);
    fireEvent.click(await theSwitch());
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    await waitFor(async () => expect((await theSwitch()).checked).toBe(false));
    expect(browser.unsubscribed).toBe(1);
    expect(localStorage.getItem('pushDeviceOwner')).toBeNull();
  });
});
