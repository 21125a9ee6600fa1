/**
 * Standing orders (/orders) and reminder settings (/notify). The store keeps the orders as given; the
 * match layer (commands/play/orders.ts) says what they mean.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import { notifySettings, standingOrders } from './schema';

/** Orders for every match of a player, as opposed to one match's id. */
export const ALL_MATCHES = '*';

/** The synchronous queries on one SQLite connection; callers see {@link StandingOrders}. */
export interface StandingOrdersSync {
  get(userId: string, scope: string): unknown;
  set(userId: string, scope: string, orders: unknown): void;
  /** Clears one scope's orders, or all of the player's; returns how many were cleared. */
  clear(userId: string, scope?: string): number;
  /** Every scope the player has orders for. */
  list(userId: string): { scope: string; orders: unknown }[];
}

/** What callers see: every query answers a Promise. */
export type StandingOrders = Async<StandingOrdersSync>;

/** The synchronous queries on one SQLite connection; callers see {@link NotifySettings}. */
export interface NotifySettingsSync {
  /** Whether reminders also come by direct message (off unless turned on). */
  dms(userId: string): boolean;
  setDms(userId: string, on: boolean): void;
}

/** What callers see: every query answers a Promise. */
export type NotifySettings = Async<NotifySettingsSync>;

export function standingOrdersStore(db: Db, now: Clock): StandingOrdersSync {
  // Asked whenever a prompt opens: prepared once.
  const one = db
    .select({ orders: standingOrders.orders })
    .from(standingOrders)
    .where(and(eq(standingOrders.userId, sql.placeholder('userId')), eq(standingOrders.scope, sql.placeholder('scope'))))
    .prepare();
  return {
    get: (userId, scope) => one.get({ userId, scope })?.orders,
    set(userId, scope, orders) {
      const at = now();
      db.insert(standingOrders)
        .values({ userId, scope, orders, updated: at })
        .onConflictDoUpdate({ target: [standingOrders.userId, standingOrders.scope], set: { orders, updated: at } })
        .run();
    },
    clear: (userId, scope) =>
      db
        .delete(standingOrders)
        .where(scope === undefined ? eq(standingOrders.userId, userId) : and(eq(standingOrders.userId, userId), eq(standingOrders.scope, scope)))
        .run().changes,
    list: (userId) =>
      db
        .select({ scope: standingOrders.scope, orders: standingOrders.orders })
        .from(standingOrders)
        .where(eq(standingOrders.userId, userId))
        .orderBy(asc(standingOrders.scope))
        .all(),
  };
}

export function notifySettingsStore(db: Db, now: Clock): NotifySettingsSync {
  return {
    dms: (userId) => db.select({ dms: notifySettings.dms }).from(notifySettings).where(eq(notifySettings.userId, userId)).get()?.dms ?? false,
    setDms(userId, on) {
      const at = now();
      db.insert(notifySettings)
        .values({ userId, dms: on, updated: at })
        .onConflictDoUpdate({ target: notifySettings.userId, set: { dms: on, updated: at } })
        .run();
    },
  };
}
