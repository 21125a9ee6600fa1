/**
 * REST routes an interaction's answers use: the callback, then the webhook the interaction token
 * opens (`@original`, follow-ups, their edits and deletions). None needs the bot token; the
 * interaction token in the path is the credential, as on Discord.
 */
import { noContent, ok, type Router } from './http-router';
import type { InteractionTracker } from './interactions';
import { apiMessage, apiUser } from './payloads';
import type { World } from './world';

export function addInteractionRoutes(router: Router, world: World, tracker: InteractionTracker): void {
  const open = { needsAuth: false };

  router.add(
    'POST',
    '/interactions/:id/:token/callback',
    (request) => {
      const { id = '', token = '' } = request.params;
      return tracker.callback(id, token, request.body, request.files, request.query.get('with_response') === 'true');
    },
    open,
  );

  const record = (params: Readonly<Record<string, string>>) => tracker.byWebhook(params.app ?? '', params.token ?? '');

  router.add(
    'GET',
    '/webhooks/:app/:token',
    (request) => {
      record(request.params);
      // Type 3: an application's webhook, which is what an interaction token opens.
      const bot = world.bot;
      return ok({ id: bot.id, type: 3, application_id: bot.id, name: bot.username, avatar: null, user: apiUser(bot) });
    },
    open,
  );

  router.add(
    'POST',
    '/webhooks/:app/:token',
    (request) => {
      const message = tracker.followUp(record(request.params), request.body, request.files);
      // Without ?wait=true Discord answers 204 and the caller learns nothing about the message.
      return request.query.get('wait') === 'true' ? ok(apiMessage(world, message)) : noContent();
    },
    open,
  );

  router.add(
    'GET',
    '/webhooks/:app/:token/messages/:message',
    (request) => ok(apiMessage(world, tracker.messageOf(record(request.params), request.params.message ?? ''))),
    open,
  );

  router.add(
    'PATCH',
    '/webhooks/:app/:token/messages/:message',
    (request) => ok(apiMessage(world, tracker.edit(record(request.params), request.params.message ?? '', request.body, request.files))),
    open,
  );

  router.add(
    'DELETE',
    '/webhooks/:app/:token/messages/:message',
    (request) => {
      tracker.remove(record(request.params), request.params.message ?? '');
      return noContent();
    },
    open,
  );
}
