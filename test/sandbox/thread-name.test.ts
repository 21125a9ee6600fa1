import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the sandbox page's plain-JS module has no types
import { nameHtml } from '../../src/sandbox/public/markdown.js';

describe("a thread's name on the sandbox page keeps its score on one line (playtest at 400 px)", () => {
  it('wraps "79–65" in a score span, the rest escaped as before', () => {
    expect(nameHtml('🏁 Bob beat <Alice> 79–65')).toBe('🏁 Bob beat &lt;Alice&gt; <span class="score">79–65</span>');
    expect(nameHtml('Alice vs Bob')).toBe('Alice vs Bob');
  });
  it('the score span does not wrap, and the page names threads through it', () => {
    const css = readFileSync('src/sandbox/public/style.css', 'utf8');
    expect(css).toMatch(/\.score\s*\{[^}]*white-space:\s*nowrap/);
    const app = readFileSync('src/sandbox/public/app.js', 'utf8');
    expect(app).toMatch(/class="title-name">\$\{nameHtml\(c\.name\)\}/);
    // And the "started a thread" line that links to it.
    expect(readFileSync('src/sandbox/public/message-view.js', 'utf8')).toMatch(/class="thread-link"[^`]*>\$\{nameHtml\(name\)\}/);
  });
});
