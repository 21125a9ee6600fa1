/**
 * The sandbox's "🏆 Demo league": alice (an organiser) makes the sandbox's channel a league and
 * starts a round-robin season of the four sample players with a one-hour sign-up deadline; each
 * player joins with a sample warband. From there the season runs itself: ⏩ fast-forward past the
 * sign-up deadline and the bot pairs round 1 and opens its matches; players who do nothing forfeit
 * by the league's short clock, and each round ends and the next is paired until the final standings.
 * Everything goes through slash commands, as on a real server.
 */
import type { FakeDiscord, InteractionSummary } from '../fakecord';
import { ensureSampleWarbands, SAMPLE_WARBANDS } from './sample-content';

const SETTLE = { quietMs: 50, timeoutMs: 15_000 } as const;

/** carol and dave play the sample warbands too, so the league has four players. */
const LEAGUE_PLAYERS = [
  { user: 'alice', warband: SAMPLE_WARBANDS[0]! },
  { user: 'bob', warband: SAMPLE_WARBANDS[1]! },
  { user: 'carol', warband: SAMPLE_WARBANDS[0]! },
  { user: 'dave', warband: SAMPLE_WARBANDS[1]! },
] as const;

const answerOf = (s: InteractionSummary) => [s.original?.content ?? '', ...s.followUps.map((m) => m.content)].filter(Boolean).join('\n');

export type LeagueDemoResult = { readonly ok: true; readonly channel: string } | { readonly ok: false; readonly message: string };

export async function startDemoLeague(fake: FakeDiscord, log: (line: string) => void): Promise<LeagueDemoResult> {
  await ensureSampleWarbands(fake, log);
  const run = async (user: string, name: string, options: Record<string, string | number | boolean> = {}) =>
    (await fake.command({ user, name, options })).settled(SETTLE);
  for (const p of LEAGUE_PLAYERS.slice(2)) {
    const saved = await fake.autocomplete({ user: p.user, name: 'skirmish challenge', focused: 'warband', options: { warband: p.warband.name } });
    if (!saved.some((c) => c.value === p.warband.name)) await run(p.user, 'warband submit', { text: p.warband.text });
  }
  // A league already made (a second click) is fine; its settings are set again.
  await run('alice', 'league create', { name: 'Demo League' });
  await run('alice', 'league settings clock', { turn_hours: 12, prompt_hours: 6, misses: 2 });
  const started = await run('alice', 'league season start', { pairing: 'round-robin', signup_hours: 1, round_hours: 48 });
  if (started.response?.ephemeral) return { ok: false, message: answerOf(started) };
  for (const p of LEAGUE_PLAYERS) {
    const joined = await run(p.user, 'league join', { warband: p.warband.name });
    if (joined.response?.ephemeral) return { ok: false, message: answerOf(joined) };
  }
  return { ok: true, channel: fake.channel.id };
}
