/** Standing orders and notification settings on PostgreSQL: the queries of orders.ts (see there). */
import { and, asc, eq } from 'drizzle-orm';
import type { NotifySettings, StandingOrders } from './orders';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function standingOrdersPg({ q, now }: PgRun): StandingOrders {
  return {
    get: async (userId, scope) =>
      first(
        await q()
          .select({ orders: t.standingOrders.orders })
          .from(t.standingOrders)
          .where(and(eq(t.standingOrders.userId, userId), eq(t.standingOrders.scope, scope))),
      )?.orders,
    async set(userId, scope, orders) {
      const at = now();
      await q()
        .insert(t.standingOrders)
        .values({ userId, scope, orders, updated: at })
        .onConflictDoUpdate({ target: [t.standingOrders.userId, t.standingOrders.scope], set: { orders, updated: at } });
    },
    clear: async (userId, scope) =>
      (
        await q()
          .delete(t.standingOrders)
          .where(scope === undefined ? eq(t.standingOrders.userId, userId) : and(eq(t.standingOrders.userId, userId), eq(t.standingOrders.scope, scope)))
          .returning({ scope: t.standingOrders.scope })
      ).length,
    list: (userId) =>
      q()
        .select({ scope: t.standingOrders.scope, orders: t.standingOrders.orders })
        .from(t.standingOrders)
        .where(eq(t.standingOrders.userId, userId))
        .orderBy(asc(t.standingOrders.scope)),
  };
}

export function notifySettingsPg({ q, now }: PgRun): NotifySettings {
  return {
    dms: async (userId) =>
      first(await q().select({ dms: t.notifySettings.dms }).from(t.notifySettings).where(eq(t.notifySettings.userId, userId)))?.dms ?? false,
    async setDms(userId, on) {
      const at = now();
      await q()
        .insert(t.notifySettings)
        .values({ userId, dms: on, updated: at })
        .onConflictDoUpdate({ target: t.notifySettings.userId, set: { dms: on, updated: at } });
    },
  };
}
