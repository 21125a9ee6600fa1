/**
 * What the page does as a player: slash commands, autocomplete, button clicks, menu picks, plain
 * messages and the demo match. Each goes to the bot only through the fake Discord's driver, so the
 * bot receives exactly the interaction Discord would send it.
 */
import { FakeDiscordError, type FakeDiscord, type FakeUpload, type InteractionOutcome } from '../fakecord';
import { formView, type FormView } from './forms';
import { SC_DEMO, startDemoMatch, startPracticeMatch, startScDemoMatch } from './sample-content';
import { startDemoLeague } from './sample-league';
import { optionalString, PageRequestError, recordField, stringField } from './web-requests';

type Body = Record<string, unknown>;

/** Discord gives an app 3 seconds to answer; the page waits a little longer before saying it did not. */
const RESPONSE_WAIT_MS = 5000;

export interface ActionResult {
  readonly ok: boolean;
  /** The interaction, so the page can tie the reply to the box it came from. */
  readonly interaction?: string;
  readonly error?: string;
  /** The form the bot answered with, for the page to show (then `modal()` sends it). */
  readonly modal?: FormView;
}

/** Runs a driver call and turns what the fake refuses into a sentence for the page. */
async function interact(start: () => Promise<InteractionOutcome>): Promise<ActionResult> {
  let outcome: InteractionOutcome;
  try {
    outcome = await start();
  } catch (error) {
    if (error instanceof FakeDiscordError) throw new PageRequestError(error.message);
    throw error;
  }
  try {
    const response = await outcome.response(RESPONSE_WAIT_MS);
    return { ok: true, interaction: outcome.id, ...(response.modal ? { modal: formView(response.modal) } : {}) };
  } catch {
    return { ok: false, interaction: outcome.id, error: 'The bot did not respond in time (Discord would say "The application did not respond").' };
  }
}

/** `{ name, type, data }` with base64 data, as the page's file input sends it. */
function uploadOf(value: unknown, option: string): FakeUpload {
  const file = value as { name?: unknown; type?: unknown; data?: unknown } | null;
  if (!file || typeof file.name !== 'string' || typeof file.data !== 'string')
    throw new PageRequestError(`The file for "${option}" is missing its name or data.`);
  return { name: file.name, data: Buffer.from(file.data, 'base64'), ...(typeof file.type === 'string' && file.type !== '' ? { contentType: file.type } : {}) };
}

function commandTarget(body: Body) {
  const options = { ...recordField(body, 'options') };
  for (const [name, file] of Object.entries(recordField(body, 'files'))) options[name] = uploadOf(file, name);
  const channel = optionalString(body, 'channel');
  return { user: stringField(body, 'user'), name: stringField(body, 'name'), options, ...(channel ? { channel } : {}) };
}

export class PageActions {
  #demoRunning = false;

  constructor(
    private readonly fake: FakeDiscord,
    private readonly log: (line: string) => void,
  ) {}

  command(body: Body): Promise<ActionResult> {
    return interact(() => this.fake.command(commandTarget(body)));
  }

  async autocomplete(body: Body): Promise<{ choices: { name: string; value: string | number }[]; error?: string }> {
    try {
      return { choices: await this.fake.autocomplete({ ...commandTarget(body), focused: stringField(body, 'focused') }, RESPONSE_WAIT_MS) };
    } catch (error) {
      // Half-typed options are normal while typing: say why there are no suggestions, without failing.
      if (error instanceof FakeDiscordError || error instanceof PageRequestError) return { choices: [], error: error.message };
      this.log(`autocomplete failed: ${error instanceof Error ? error.message : String(error)}`);
      return { choices: [], error: 'The bot did not suggest anything in time.' };
    }
  }

  click(body: Body): Promise<ActionResult> {
    return interact(() => this.fake.click({ user: stringField(body, 'user'), message: stringField(body, 'message'), customId: stringField(body, 'customId') }));
  }

  select(body: Body): Promise<ActionResult> {
    const values = body.values;
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) throw new PageRequestError('"values" must be a list of strings.');
    return interact(() =>
      this.fake.select({ user: stringField(body, 'user'), message: stringField(body, 'message'), customId: stringField(body, 'customId'), values }),
    );
  }

  /** A form sent: `{ user, interaction, values }`, the interaction being the one the bot answered with the form. */
  modal(body: Body): Promise<ActionResult> {
    const values = recordField(body, 'values');
    if (!Object.values(values).every((v) => typeof v === 'string')) throw new PageRequestError('"values" must map each field to a string.');
    return interact(async () =>
      this.fake.submitModal({ user: stringField(body, 'user'), interaction: stringField(body, 'interaction'), values: values as Record<string, string> }),
    );
  }

  async post(body: Body): Promise<ActionResult> {
    const channel = optionalString(body, 'channel');
    try {
      await this.fake.post({ user: stringField(body, 'user'), content: stringField(body, 'content'), ...(channel ? { channel } : {}) });
      return { ok: true };
    } catch (error) {
      if (error instanceof FakeDiscordError) throw new PageRequestError(error.message);
      throw error;
    }
  }

  /** A practice match against the bot for the page's player; one being set up at a time, as for the demo. */
  async practice(body: Body): Promise<{ ok: boolean; thread?: string; error?: string }> {
    if (this.#demoRunning) return { ok: false, error: 'A match is already being set up.' };
    this.#demoRunning = true;
    try {
      const result = await startPracticeMatch(this.fake, stringField(body, 'user'), this.log);
      return result.ok ? { ok: true, thread: result.thread } : { ok: false, error: result.message };
    } finally {
      this.#demoRunning = false;
    }
  }

  /** The demo league: a round-robin season of the four sample players, which fast-forward runs to its end. */
  async league(): Promise<{ ok: boolean; channel?: string; error?: string }> {
    if (this.#demoRunning) return { ok: false, error: 'A demo is already being set up.' };
    this.#demoRunning = true;
    try {
      const result = await startDemoLeague(this.fake, this.log);
      return result.ok ? { ok: true, channel: result.channel } : { ok: false, error: result.message };
    } finally {
      this.#demoRunning = false;
    }
  }

  /**
   * One demo at a time: a second click while the first is being set up would open a second match.
   * `{ ruleset: 'sword-and-claw' }` (the page's "Sword and Claw" button) is that game's demo match.
   */
  async demo(body: Body = {}): Promise<{ ok: boolean; thread?: string; error?: string }> {
    const ruleset = optionalString(body, 'ruleset');
    if (ruleset !== undefined && ruleset !== SC_DEMO.ruleset) throw new PageRequestError(`There is no demo match of "${ruleset}".`);
    if (this.#demoRunning) return { ok: false, error: 'A demo match is already being set up.' };
    this.#demoRunning = true;
    try {
      const result = ruleset ? await startScDemoMatch(this.fake) : await startDemoMatch(this.fake, this.log);
      return result.ok ? { ok: true, thread: result.thread } : { ok: false, error: result.message };
    } finally {
      this.#demoRunning = false;
    }
  }
}
