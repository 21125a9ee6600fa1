/**
 * What the sandbox starts with: a saved warband for each faction (alice leads Valor, bob leads
 * Havoc) and a demo match between them. Everything is done as those players would do it, with slash
 * commands through the fake Discord, so the bot checks the warbands and runs the match as it would
 * on a real server.
 */
import type { FakeDiscord, InteractionSummary } from '../fakecord';

export interface SampleWarband {
  /** Who submits it. */
  readonly user: string;
  readonly name: string;
  /** The one-line chat form of `/warband submit text:`. */
  readonly text: string;
}

export const SAMPLE_WARBANDS: readonly SampleWarband[] = [
  {
    user: 'alice',
    name: "Hrolf's Watch",
    text: "Hrolf's Watch | valor | mill-crossing | valor-knight+valor-banner, valor-guard+valor-shield-wall, valor-archer, valor-war-hound",
  },
  {
    user: 'bob',
    name: 'Grave Host',
    text: 'Grave Host | havoc | mill-crossing | havoc-orc-warboss+havoc-war-drums, havoc-ghoul, havoc-skeletal-archer, havoc-carrion-imp',
  },
];

/** Both sample warbands fit under this cap (79 and 80 points), which is also the match's VP target. */
export const DEMO_POINTS = 80;
export const DEMO_MAP = 'mill-crossing';

/** How long the sandbox waits for the bot to finish answering one of its own commands. */
const SETTLE = { quietMs: 50, timeoutMs: 15_000 } as const;

/** The text a player was shown in answer to a command: the reply (after edits) and follow-ups. */
function answerOf(summary: InteractionSummary): string {
  return [summary.original?.content ?? '', ...summary.followUps.map((m) => m.content)].filter(Boolean).join('\n');
}

/**
 * Whether the player has a warband of this name, from the bot's own autocomplete for
 * `/skirmish challenge warband:`, which, unlike `/warband list`, leaves no message in the channel.
 */
async function hasWarband(fake: FakeDiscord, sample: SampleWarband): Promise<boolean> {
  const saved = await fake.autocomplete({ user: sample.user, name: 'skirmish challenge', focused: 'warband', options: { warband: sample.name } });
  return saved.some((c) => c.value === sample.name);
}

/** Submits each sample warband its player does not have yet; returns the names submitted. */
export async function ensureSampleWarbands(fake: FakeDiscord, log: (line: string) => void): Promise<string[]> {
  const submitted: string[] = [];
  for (const sample of SAMPLE_WARBANDS) {
    if (await hasWarband(fake, sample)) continue;
    const summary = await (await fake.command({ user: sample.user, name: 'warband submit', options: { text: sample.text } })).settled(SETTLE);
    if (await hasWarband(fake, sample)) submitted.push(sample.name);
    else log(`The bot did not save the sample warband ${sample.name}: ${answerOf(summary) || 'no answer'}`);
  }
  return submitted;
}

export type DemoResult = { readonly ok: true; readonly thread: string } | { readonly ok: false; readonly message: string };

/**
 * alice challenges bob with the sample warbands, and bob accepts in the match's new thread: the
 * thread then shows the setup prompts. Missing sample warbands (someone removed them) are submitted
 * again first.
 */
export async function startDemoMatch(fake: FakeDiscord, log: (line: string) => void): Promise<DemoResult> {
  await ensureSampleWarbands(fake, log);
  const [challenger, opponent] = SAMPLE_WARBANDS as [SampleWarband, SampleWarband];
  const before = new Set(fake.threads(fake.channel.id).map((t) => t.id));
  const challenge = await (
    await fake.command({
      user: challenger.user,
      name: 'skirmish challenge',
      options: { opponent: opponent.user, warband: challenger.name, points: DEMO_POINTS, map: DEMO_MAP },
    })
  ).settled(SETTLE);
  const thread = fake.threads(fake.channel.id).find((t) => !before.has(t.id));
  if (!thread) return { ok: false, message: answerOf(challenge) || 'The bot did not open a thread for the challenge.' };
  const accept = await (await fake.command({ user: opponent.user, channel: thread.id, name: 'skirmish accept', options: { warband: opponent.name } })).settled(
    SETTLE,
  );
  if (accept.response?.ephemeral) return { ok: false, message: answerOf(accept) };
  return { ok: true, thread: thread.id };
}

/** The Sword and Claw demo: the game's first two sample armies, on its default map (its first). */
export const SC_DEMO = { ruleset: 'sword-and-claw', challenger: 'Iron Company', opponent: 'Mire Raiders' } as const;

/**
 * alice challenges bob to Sword and Claw with its sample armies, and bob accepts in the match's new
 * thread: the thread then shows the roll-off and the first deployment. The armies are the game's
 * own, so nothing is submitted first.
 */
export async function startScDemoMatch(fake: FakeDiscord): Promise<DemoResult> {
  const [challenger, opponent] = SAMPLE_WARBANDS as [SampleWarband, SampleWarband];
  const before = new Set(fake.threads(fake.channel.id).map((t) => t.id));
  const challenge = await (
    await fake.command({
      user: challenger.user,
      name: 'skirmish challenge',
      options: { opponent: opponent.user, warband: SC_DEMO.challenger, ruleset: SC_DEMO.ruleset },
    })
  ).settled(SETTLE);
  const thread = fake.threads(fake.channel.id).find((t) => !before.has(t.id));
  if (!thread) return { ok: false, message: answerOf(challenge) || 'The bot did not open a thread for the challenge.' };
  const accept = await (
    await fake.command({ user: opponent.user, channel: thread.id, name: 'skirmish accept', options: { warband: SC_DEMO.opponent } })
  ).settled(SETTLE);
  if (accept.response?.ephemeral) return { ok: false, message: answerOf(accept) };
  return { ok: true, thread: thread.id };
}

/**
 * `user` plays a practice match against the bot (the page's "Practice vs the bot"), with their
 * sample warband: the bot answers with a house warband and plays its seat itself.
 */
export async function startPracticeMatch(fake: FakeDiscord, user: string, log: (line: string) => void): Promise<DemoResult> {
  await ensureSampleWarbands(fake, log);
  const sample = SAMPLE_WARBANDS.find((w) => w.user === user);
  if (!sample)
    return {
      ok: false,
      message: `Only ${SAMPLE_WARBANDS.map((w) => w.user).join(' and ')} have sample warbands: switch to one of them, or submit a warband and type \`/skirmish practice\`.`,
    };
  const before = new Set(fake.threads(fake.channel.id).map((t) => t.id));
  const started = await (await fake.command({ user, name: 'skirmish practice', options: { warband: sample.name } })).settled(SETTLE);
  const thread = fake.threads(fake.channel.id).find((t) => !before.has(t.id));
  if (!thread) return { ok: false, message: answerOf(started) || 'The bot did not open a thread for the practice match.' };
  return { ok: true, thread: thread.id };
}
