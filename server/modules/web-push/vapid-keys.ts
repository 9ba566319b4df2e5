import webPush from 'web-push';
import type { Config } from '../../config.js';
import type { AppServices } from '../../context.js';
import { vapidKeys } from '../../db/schema/index.js';
import { secretBoxOf } from '../../lib/secret-box.js';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const loaded = new WeakMap<Config, Promise<VapidKeys>>();

/**
 * The app's VAPID key pair: the settings' when given; else the one row of vapid_keys, made by the
 * first start that needs it. Every node and every restart must sign with the key the browsers
 * subscribed with, so a second start reads the first one's (ON CONFLICT DO NOTHING, then read).
 */
export function vapidKeysOf(services: Pick<AppServices, 'db' | 'config'>): Promise<VapidKeys> {
  const { config } = services;
  let keys = loaded.get(config);
  if (!keys) {
    keys = loadOrMakeKeys(services);
    // A failed load (the database away) is tried again by the next caller, not remembered.
    keys.catch(() => loaded.delete(config));
    loaded.set(config, keys);
  }
  return keys;
}

async function loadOrMakeKeys({ db, config }: Pick<AppServices, 'db' | 'config'>): Promise<VapidKeys> {
  const { subject } = config.vapid;
  if (config.vapid.publicKey && config.vapid.privateKey) return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  const box = secretBoxOf(config);
  const row = await db.transaction({ kind: 'all' }, async (tx) => {
    const made = webPush.generateVAPIDKeys();
    await tx.insert(vapidKeys).values({ publicKey: made.publicKey, privateKeySealed: box.seal(made.privateKey) }).onConflictDoNothing();
    const [kept] = await tx.select().from(vapidKeys).limit(1);
    return kept!;
  });
  return { publicKey: row.publicKey, privateKey: box.open(row.privateKeySealed), subject };
}
