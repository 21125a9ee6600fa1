/** The local sandbox: play the bot in a browser through the fake Discord. See docs/sandbox.md. */
export { startSandbox, DEFAULT_SANDBOX_PORT, DEFAULT_SANDBOX_DATABASE } from './sandbox';
export type { Sandbox, SandboxOptions } from './sandbox';
export { SAMPLE_WARBANDS, DEMO_MAP, DEMO_POINTS, SC_DEMO, startDemoMatch, startScDemoMatch, ensureSampleWarbands } from './sample-content';
export type { SampleWarband, DemoResult } from './sample-content';
