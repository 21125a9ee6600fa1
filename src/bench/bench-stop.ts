/**
 * `npm run bench:stop`: how long a shard set takes from a supervisor's SIGTERM, mid-burst, to being
 * ready to restart (every process exited, every lease released), and whether anything was lost or
 * doubled. A build of the bot runs two shards through the production start command
 * (`node scripts/start.mjs --prod`) on a SQLite file, against the fake Discord in this process.
 * Players fire BENCH_STOP_BURST warband submissions at once across both guilds (default 24); the
 * whole process group is sent SIGTERM (systemd's stop) after half of them. Then a new set is started
 * at once and every player told "nothing was changed" tries again.
 *
 * Lost: an interaction never answered. Doubled: a band saved twice ("Replaced"), or a second answer
 * to one interaction (the fake refuses it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startFakeDiscord, type InteractionOutcome } from '../fakecord';
import { buildBot, startBotProcess } from '../../test/support/bot-process';

const RESTARTING = 'The bot is restarting; try again in a moment. Nothing was changed.';
const burst = Number(process.env.BENCH_STOP_BURST ?? 24);

const fake = await startFakeDiscord({ heartbeatMs: 1000, shards: 2, guilds: [{ name: 'Second' }] });
const built = buildBot();
const dir = mkdtempSync(join(tmpdir(), 'sellsword-bench-stop-'));
const databasePath = join(dir, 'bot.db');
const players = Array.from({ length: burst }, (_, i) => fake.addUser(`player${i}`).username);
const channels = fake.guilds().map((g) => g.channel.id);

const start = () =>
  startBotProcess(fake, {
    databasePath,
    built,
    viaStartScript: true,
    ownGroup: true,
    guildId: null,
    shards: 2,
    env: { RENDER_WORKERS: '0' },
    timeoutMs: 90_000,
  });
const submit = (player: string, i: number) =>
  fake.command({
    user: player,
    channel: channels[i % 2]!,
    name: 'warband submit',
    options: { text: `${player}'s band | valor | mill-crossing | valor-knight, valor-guard, valor-squire` },
  });
const answer = async (outcome: InteractionOutcome): Promise<string> => {
  const summary = await outcome.settled({ quietMs: 50, timeoutMs: 20_000 }).catch(() => outcome.summary());
  return summary.original?.content ?? summary.response?.message?.content ?? '(no answer)';
};
const leases = (): number => {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from leases').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

try {
  const set = await start();
  const firing: Promise<InteractionOutcome>[] = [];
  let signalledAt = 0;
  for (const [i, player] of players.entries()) {
    if (i === Math.floor(burst / 2)) {
      set.signal('SIGTERM', 'group');
      signalledAt = performance.now();
    }
    firing.push(submit(player, i));
  }
  const outcomes = await Promise.all(firing);
  const exit = await set.exited;
  const readyAt = performance.now();
  const leftLeases = leases();
  const answers = await Promise.all(outcomes.map(answer));
  const again = await start();
  const onlineAt = performance.now();
  const retried = await Promise.all(players.map(async (player, i) => (answers[i] === RESTARTING ? answer(await submit(player, i)) : (answers[i] ?? ''))));
  const saved = retried.filter((a) => a.startsWith('Saved')).length;
  const doubled = retried.filter((a) => a.startsWith('Replaced')).length + fake.rejections().filter((r) => /interactions/.test(r.path)).length;
  // Delivered to a shard and never answered; one that reached no connected shard came while the set was down.
  const lost = answers.filter((a, i) => a === '(no answer)' && outcomes[i]!.deliveredTo > 0).length;
  const whileDown = outcomes.filter((o) => o.deliveredTo === 0).length;
  console.log(
    [
      `Shard set of 2, burst of ${burst} interactions, SIGTERM to the process group after ${Math.floor(burst / 2)}:`,
      `  SIGTERM to ready to restart (all exited, exit code ${exit.code}, ${leftLeases} leases left): ${Math.round(readyAt - signalledAt)} ms`,
      `  restart to online: ${Math.round(onlineAt - readyAt)} ms`,
      `  answered with the act: ${answers.filter((a) => a.startsWith('Saved')).length}; answered "nothing was changed": ${answers.filter((a) => a === RESTARTING).length}; other answers: ${answers.filter((a) => !a.startsWith('Saved') && a !== RESTARTING && a !== '(no answer)').length}`,
      `  arrived with no shard connected (the set was down): ${whileDown}`,
      `  lost (delivered, never answered): ${lost}; doubled: ${doubled}; bands saved once after retries: ${saved} of ${burst}`,
    ].join('\n'),
  );
  await again.stop();
} finally {
  await fake.close();
  built.remove();
  rmSync(dir, { recursive: true, force: true });
}
