// The sandbox page: a Discord text channel with threads, seen as one of the sample players. It
// reads the guild and messages from the sandbox server, follows changes live, and acts (commands,
// clicks, menus, messages) as the player picked at the top, all through the fake Discord to the bot.

import { getJson, postJson, subscribe } from './api.js';
import { createComposer } from './composer.js';
import { escapeHtml, nameHtml, setClockAhead } from './markdown.js';
import { showForm } from './forms-view.js';
import { avatarHtml, continues, messageView, waitsOn } from './message-view.js';

const $ = (selector) => document.querySelector(selector);

/** A speech bubble, for threads (the page ships no icon font). */
const THREAD_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill-rule="evenodd" d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 5v2h10V8H7zm0 4v2h7v-2H7z"/></svg>';

const state = {
  /** @type {any} */ world: null,
  /** @type {any} */ viewer: null,
  channelId: '',
  /** @type {any[]} */ messages: [],
  /** @type {any[]} */ commands: [],
  /** By channel: the messages the player has not looked at, each with whether it pings them. */
  unread: new Map(),
  dismissed: new Set(),
  stopEvents: () => {},
  /**
   * Until when the list follows its end whatever the reader's place: a few seconds after the viewer's
   * own command or post, so its answer (and the posts it causes) comes into view, as Discord does.
   */
  followUntil: 0,
};

/** The viewer acted: keep the answer in view for the next few seconds. */
const followOwn = () => {
  state.followUntil = Date.now() + 5000;
};

const compareIds = (a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);
const userById = (id) => (id === state.world.bot.id ? { ...state.world.bot, bot: true } : state.world.users.find((u) => u.id === id));
const channelById = (id) => state.world.channels.find((c) => c.id === id);
const currentChannel = () => channelById(state.channelId) ?? state.world.channels[0];

/** The toast's pending hide, replaced by each new toast. */
let toastTimer;

function toast(text) {
  const el = $('#toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 6000);
}

// ---- actions as the current player ---------------------------------------------------------------

const as = () => state.viewer.username;

/** A button the bot answered with a form: the form is shown, and what is typed goes back to the bot. */
async function answerForm(result) {
  if (!result?.ok || !result.modal) return result;
  const values = await showForm(result.modal);
  if (!values) return { ok: true };
  return postJson('/api/modal', { user: as(), interaction: result.interaction, values });
}

const actions = {
  click: async (message, customId) => answerForm(await postJson('/api/click', { user: as(), message, customId })),
  select: (message, customId, values) => postJson('/api/select', { user: as(), message, customId, values }),
  users: () => state.world.users,
};

const composer = createComposer($('#composer'), {
  commands: () => state.commands,
  users: () => state.world.users,
  channels: () => state.world.channels,
  placeholder: () => `Message ${channelLabel(currentChannel())} as ${state.viewer.displayName} — type / for commands`,
  run: ({ name, options, files }) => {
    followOwn();
    return postJson('/api/command', { user: as(), channel: state.channelId, name, options, files });
  },
  autocomplete: ({ name, options, focused }) => postJson('/api/autocomplete', { user: as(), channel: state.channelId, name, options, focused }),
  post: (content) => {
    followOwn();
    return postJson('/api/post', { user: as(), channel: state.channelId, content });
  },
});

// ---- the sidebar, the title and the player switch ---------------------------------------------------

function renderSidebar() {
  const list = $('#channel-list');
  const texts = state.world.channels.filter((c) => c.kind === 'text');
  const parts = ['<div class="category">Text channels</div>'];
  const item = (c, thread) => {
    const unread = state.unread.get(c.id);
    const pings = unread ? [...unread.values()].filter(Boolean).length : 0;
    const classes = ['channel', thread ? 'thread' : '', c.id === state.channelId ? 'active' : '', unread ? 'unread' : ''].join(' ');
    const badge = pings ? `<span class="badge">${pings}</span>` : '';
    const icon = thread ? `<span class="thread-branch"></span><span class="icon">${THREAD_ICON}</span>` : '<span class="icon">#</span>';
    return `<a href="#" class="${classes}" data-channel="${c.id}" title="${escapeHtml(c.name)}">${icon}<span class="channel-name">${nameHtml(c.name)}</span>${badge}</a>`;
  };
  for (const c of texts) {
    parts.push(item(c, false));
    for (const t of state.world.channels.filter((x) => x.parentId === c.id)) parts.push(item(t, true));
  }
  // The bot's direct messages with this player (the server sends only theirs).
  const dms = state.world.channels.filter((c) => c.kind === 'dm');
  if (dms.length) {
    parts.push('<div class="category dm-category">Direct messages</div>');
    for (const c of dms) {
      const unread = state.unread.get(c.id) ? ' unread' : '';
      parts.push(
        `<a href="#" class="channel dm${c.id === state.channelId ? ' active' : ''}${unread}" data-channel="${c.id}">${avatarHtml({ ...state.world.bot, bot: true }, 24)}<span class="channel-name">${escapeHtml(state.world.bot.username)}</span></a>`,
      );
    }
  }
  list.innerHTML = parts.join('');
  renderMenuBadge();
}

/** On a phone the channel list is behind ☰: its badge counts pings elsewhere, or marks news with a dot. */
function renderMenuBadge() {
  const other = [...state.unread.entries()].filter(([id]) => id !== state.channelId).map(([, unread]) => [...unread.values()]);
  const pings = other.flat().filter(Boolean).length;
  const badge = $('#menu-badge');
  badge.hidden = other.length === 0;
  badge.textContent = pings ? String(pings) : '';
}

/** How the page names a channel: `#name`, a thread's name, or the bot for a DM. */
const channelLabel = (c) => (c.kind === 'dm' ? `@${state.world.bot.username}` : c.kind === 'text' ? `#${c.name}` : c.name);

function renderTitle() {
  const c = currentChannel();
  // The box names the channel too: a thread renamed while open (a finished match's result) or one
  // switched to must not leave it saying the old name (issue 26).
  composer.refreshPlaceholder();
  if (c.kind === 'dm') {
    $('#title').innerHTML =
      `<span class="title-icon">@</span><span class="title-name">${escapeHtml(state.world.bot.username)}</span><span class="title-topic">Direct messages with the bot</span>`;
    return;
  }
  const parent = c.parentId ? channelById(c.parentId) : null;
  $('#title').innerHTML = parent
    ? `<span class="title-parent" data-channel="${parent.id}"># ${escapeHtml(parent.name)}</span><span class="title-sep">›</span><span class="title-icon">${THREAD_ICON}</span><span class="title-name">${nameHtml(c.name)}</span>`
    : `<span class="title-icon">#</span><span class="title-name">${nameHtml(c.name)}</span><span class="title-topic">Play-by-post Sellsword skirmishes</span>`;
}

/**
 * The latest message from the bot in this channel that waits for someone: they should act next. None
 * in an archived thread: its match is over (the result post closes it), so nobody is waited for.
 */
const latestPing = () => (currentChannel()?.archived ? undefined : state.messages.filter((m) => m.author.id === state.world.bot.id && waitsOn(m)).at(-1));

/** The player the channel waits for, as a set (none, or one). */
const waitingFor = () => new Set(latestPing() ? [waitsOn(latestPing())] : []);

function renderPlayers() {
  const waiting = waitingFor();
  $('#players').innerHTML =
    '<span class="players-label">Play as</span>' +
    state.world.users
      .slice(0, 4)
      .map((u) => {
        const active = u.id === state.viewer.id;
        const wait = waiting.has(u.id) ? ' waiting' : '';
        const title = waiting.has(u.id) ? `${u.displayName}: the latest ping here is for them` : `Act as ${u.displayName}`;
        return `<button type="button" role="radio" aria-checked="${active}" class="player${active ? ' active' : ''}${wait}" data-user="${u.username}" title="${escapeHtml(title)}">${avatarHtml(u, 22)}<span>${escapeHtml(u.displayName)}</span></button>`;
      })
      .join('');
  $('#me').innerHTML =
    `${avatarHtml(state.viewer, 32)}<div class="me-names"><span class="me-name">${escapeHtml(state.viewer.displayName)}</span><span class="me-tag">${state.viewer.organiser ? 'organiser · ' : ''}@${escapeHtml(state.viewer.username)}</span></div>`;
}

// ---- messages --------------------------------------------------------------------------------------

const rendered = new Map();

function introView() {
  const c = currentChannel();
  const el = document.createElement('div');
  el.className = 'intro';
  if (c.kind === 'dm') {
    el.innerHTML = `<div class="intro-icon">@</div><h1>${escapeHtml(state.world.bot.username)}</h1><p>The beginning of your direct messages with the bot.</p>`;
  } else if (c.kind === 'text') {
    el.innerHTML = `
      <div class="intro-icon">#</div>
      <h1>Welcome to #${escapeHtml(c.name)}!</h1>
      <p>This is a local sandbox: a pretend Discord server on your machine, with the real Sellsword Table bot in it.
      Nothing here reaches the internet.</p>
      <ul>
        <li><strong>alice</strong> and <strong>bob</strong> each have a sample warband saved. Press <strong>⚔ Demo match</strong> (${phone.matches ? 'in the <strong>☰</strong> menu, top left' : 'above'}), and the match opens in its own thread. To play alone, press <strong>🤖 Practice vs the bot</strong>: you play your sample warband against <strong>Practice bot</strong>, which the bot plays itself.</li>
        <li><strong>🐾 Sword and Claw</strong> opens a match of the second game: alice's Iron Company against bob's Mire Raiders on Reed Ford. Give orders with <kbd>/order</kbd>: its suggestions are only the legal ones. <kbd>/skirmish challenge ruleset:Sword and Claw map:</kbd> picks another map.</li>
        <li>Type <kbd>/</kbd> in the box below for the bot's commands, with their options and suggestions.</li>
        <li>Switch player with <strong>Play as</strong>, ${phone.matches ? 'the round faces at the top right,' : 'in the bar at the top of the page beside the demo buttons,'} to play every side; a prompt for someone else offers <strong>▶ Play as</strong> them. Replies only one player may see stay with that player.</li>
      </ul>`;
  } else {
    el.innerHTML = `<div class="intro-icon">${THREAD_ICON}</div><h1>${nameHtml(c.name)}</h1><p>A match thread. The bot posts the map after every turn, and asks the player it waits for with buttons and menus. <strong>/skirmish view</strong> shows what a unit can reach; <strong>/move</strong>, <strong>/attack</strong> and <strong>/end</strong> play a turn (in a Sword and Claw match, <strong>/order</strong>).</p>`;
  }
  return el;
}

const context = {
  get viewerId() {
    return state.viewer.id;
  },
  /** @type {string | undefined} */
  latestPingId: undefined,
  user: (id) => userById(id),
  channelName: (id) => {
    const c = channelById(id);
    return c ? channelLabel(c).replace(/^#/, '') : undefined;
  },
  actions,
  openImage,
  playAs: (id) => {
    const user = userById(id);
    if (user) void switchPlayer(user.username);
  },
  dismiss: (id) => {
    state.dismissed.add(id);
    renderMessages();
  },
  // The replay slider: the message's "Turn N of M…" button, then its form with the turn typed in.
  replayTo: async (message, ask, turn) => {
    const opened = await postJson('/api/click', { user: as(), message, customId: ask });
    if (!opened.ok || !opened.modal) return opened.ok ? { ok: false, error: 'The bot did not ask for a turn.' } : opened;
    return postJson('/api/modal', { user: as(), interaction: opened.interaction, values: { [opened.modal.fields[0].id]: String(turn) } });
  },
};

function renderMessages() {
  const list = $('#messages');
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 120 || Date.now() < state.followUntil;
  const shown = state.messages.filter((m) => !state.dismissed.has(m.id));
  context.latestPingId = latestPing()?.id;
  const nodes = [];
  let previous = null;
  const seen = new Set();
  for (const m of shown) {
    const continued = continues(m, previous);
    const key = `${state.viewer.id}|${continued}|${m.id === context.latestPingId}|${JSON.stringify(m)}`;
    let entry = rendered.get(m.id);
    if (!entry || entry.key !== key) {
      entry = { key, node: messageView(m, continued, context) };
      rendered.set(m.id, entry);
    }
    nodes.push(entry.node);
    seen.add(m.id);
    previous = m;
  }
  for (const id of [...rendered.keys()]) if (!seen.has(id)) rendered.delete(id);
  let intro = list.querySelector('.intro');
  if (!intro || intro.dataset.channel !== state.channelId) {
    intro?.remove();
    intro = introView();
    intro.dataset.channel = state.channelId;
  }
  // Move only what changed: taking every node out and back would lose the reader's place.
  if (list.firstChild !== intro) list.prepend(intro);
  let cursor = intro;
  for (const node of nodes) {
    if (cursor.nextSibling !== node) list.insertBefore(node, cursor.nextSibling);
    cursor = node;
  }
  while (cursor.nextSibling) cursor.nextSibling.remove();
  if (atBottom) scrollToBottom();
  else if (nodes.length) $('#jump').hidden = false;
  renderPlayers();
}

function scrollToBottom() {
  const list = $('#messages');
  list.scrollTop = list.scrollHeight;
  $('#jump').hidden = true;
}

function upsertMessage(message) {
  const i = state.messages.findIndex((m) => m.id === message.id);
  if (i >= 0) state.messages[i] = message;
  else {
    state.messages.push(message);
    state.messages.sort(compareIds);
  }
}

async function loadMessages() {
  const channel = state.channelId;
  const viewer = as();
  const messages = await getJson(`/api/messages?channel=${channel}&viewer=${encodeURIComponent(viewer)}`);
  // A load started for another channel or player (switched meanwhile) must not show its messages now.
  if (channel !== state.channelId || viewer !== as() || !Array.isArray(messages)) return;
  state.messages = messages.sort(compareIds);
  rendered.clear();
  renderMessages();
  scrollToBottom();
  // Says whose view the list shows, so a test can wait for the switch to finish.
  $('#messages').dataset.viewer = viewer;
}

// ---- switching -----------------------------------------------------------------------------------

async function openChannel(id) {
  if (!channelById(id)) return;
  setDrawer(false);
  state.channelId = id;
  state.unread.delete(id);
  localStorage.setItem('sandbox.channel', id);
  renderSidebar();
  renderTitle();
  composer.reset();
  await loadMessages();
}

async function switchPlayer(username) {
  const user = state.world.users.find((u) => u.username === username);
  if (!user || user.id === state.viewer.id) return;
  state.viewer = user;
  localStorage.setItem('sandbox.viewer', user.username);
  state.unread.clear();
  connectEvents();
  await loadWorld();
  // Another player's DMs are not this player's to read.
  if (!channelById(state.channelId)) state.channelId = state.world.channel.id;
  renderPlayers();
  renderSidebar();
  renderTitle();
  composer.reset();
  await Promise.all([loadCommands(), loadMessages()]);
}

async function loadCommands() {
  const commands = await getJson(`/api/commands?user=${encodeURIComponent(as())}`);
  state.commands = Array.isArray(commands) ? commands : [];
}

async function loadWorld() {
  state.world = await getJson(state.viewer ? `/api/world?viewer=${encodeURIComponent(as())}` : '/api/world');
  $('#guild-name').textContent = state.world.guild.name;
}

function connectEvents() {
  state.stopEvents();
  let first = true;
  state.stopEvents = subscribe(as(), {
    hello: async () => {
      $('.app').classList.remove('offline');
      // Once the stream is up, nothing is missed from here on: read the channels and threads again,
      // for any made between the page's first read and now. After a reconnection, the messages too.
      await loadWorld();
      renderSidebar();
      if (!first) await loadMessages();
      first = false;
    },
    error: () => $('.app').classList.add('offline'),
    message: (m) => {
      if (m.channelId === state.channelId) {
        upsertMessage(m);
        renderMessages();
        return;
      }
      // Keyed by message, so a reply filled in after "thinking…" or an edit is not counted twice.
      if (m.editedTimestamp && !state.unread.get(m.channelId)?.has(m.id)) return;
      const unread = state.unread.get(m.channelId) ?? new Map();
      unread.set(m.id, m.mentions.includes(state.viewer.id));
      state.unread.set(m.channelId, unread);
      renderSidebar();
    },
    'message-delete': ({ id, channelId }) => {
      if (channelId !== state.channelId) return;
      state.messages = state.messages.filter((m) => m.id !== id);
      renderMessages();
    },
    channel: (c) => {
      const i = state.world.channels.findIndex((x) => x.id === c.id);
      if (i >= 0) state.world.channels[i] = c;
      else state.world.channels.push(c);
      renderSidebar();
      if (c.id !== state.channelId) return;
      renderTitle();
      // Archiving closes a finished match: its last ping no longer waits for anyone (latestPing).
      renderMessages();
    },
    commands: () => void loadCommands(),
  });
}

// ---- the image viewer ----------------------------------------------------------------------------

function openImage(src, alt) {
  const box = $('#lightbox');
  box.querySelector('img').src = src;
  box.querySelector('img').alt = alt;
  box.querySelector('figcaption').textContent = alt;
  box.classList.remove('zoomed');
  box.hidden = false;
}

$('#lightbox').addEventListener('click', () => ($('#lightbox').hidden = true));
// A tap on the picture itself shows it at full size, scrolled like a phone's pinch-zoom; a tap
// around it closes the viewer.
$('#lightbox img').addEventListener('click', (e) => {
  e.stopPropagation();
  $('#lightbox').classList.toggle('zoomed');
});
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  $('#lightbox').hidden = true;
  setDrawer(false);
});

// ---- the drawer (a phone's width) -----------------------------------------------------------------

const phone = matchMedia('(max-width: 600px)');

function setDrawer(open) {
  $('.app').classList.toggle('drawer-open', open);
  $('#menu-button').setAttribute('aria-expanded', String(open));
}

/** The demo buttons sit in the top bar, and on a phone in the drawer, so the top bar stays one row. */
function placeDemoButtons() {
  if (phone.matches) $('#drawer-actions').append($('#demo-actions'));
  else {
    $('#top-actions').prepend($('#demo-actions'));
    setDrawer(false);
  }
}

phone.addEventListener('change', placeDemoButtons);
placeDemoButtons();
$('#menu-button').addEventListener('click', () => setDrawer(!$('.app').classList.contains('drawer-open')));
$('#drawer-backdrop').addEventListener('click', () => setDrawer(false));

// ---- wiring --------------------------------------------------------------------------------------

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const channel = /** @type {HTMLElement | null | undefined} */ (target?.closest('[data-channel]'));
  if (channel) {
    event.preventDefault();
    setDrawer(false);
    void openChannel(channel.dataset.channel);
    return;
  }
  const player = /** @type {HTMLElement | null | undefined} */ (target?.closest('.player'));
  if (player) void switchPlayer(player.dataset.user);
});

$('#messages').addEventListener('scroll', () => {
  const list = $('#messages');
  if (list.scrollHeight - list.scrollTop - list.clientHeight < 120) $('#jump').hidden = true;
});
$('#jump').addEventListener('click', scrollToBottom);
// A picture that arrives after the list was scrolled down pushes the bottom away; follow it.
$('#messages').addEventListener(
  'load',
  (event) => {
    const list = $('#messages');
    if (!(event.target instanceof HTMLImageElement)) return;
    if (Date.now() < state.followUntil || list.scrollHeight - list.scrollTop - list.clientHeight < event.target.height + 160) scrollToBottom();
  },
  true,
);

$('#demo-button').addEventListener('click', async () => {
  const button = $('#demo-button');
  button.disabled = true;
  button.classList.add('loading');
  const result = await postJson('/api/demo', {}).catch((e) => ({ ok: false, error: String(e) }));
  button.disabled = false;
  button.classList.remove('loading');
  if (!result.ok) return toast(result.error ?? 'The demo match could not start.');
  await loadWorld();
  await openChannel(result.thread);
});

$('#sc-demo-button').addEventListener('click', async () => {
  const button = $('#sc-demo-button');
  button.disabled = true;
  button.classList.add('loading');
  const result = await postJson('/api/demo', { ruleset: 'sword-and-claw' }).catch((e) => ({ ok: false, error: String(e) }));
  button.disabled = false;
  button.classList.remove('loading');
  if (!result.ok) return toast(result.error ?? 'The Sword and Claw demo match could not start.');
  await loadWorld();
  await openChannel(result.thread);
});

$('#practice-button').addEventListener('click', async () => {
  const button = $('#practice-button');
  button.disabled = true;
  button.classList.add('loading');
  const result = await postJson('/api/practice', { user: as() }).catch((e) => ({ ok: false, error: String(e) }));
  button.disabled = false;
  button.classList.remove('loading');
  if (!result.ok) return toast(result.error ?? 'The practice match could not start.');
  await loadWorld();
  await openChannel(result.thread);
});

$('#league-button').addEventListener('click', async () => {
  const button = $('#league-button');
  button.disabled = true;
  button.classList.add('loading');
  const result = await postJson('/api/league', {}).catch((e) => ({ ok: false, error: String(e) }));
  button.disabled = false;
  button.classList.remove('loading');
  if (!result.ok) return toast(result.error ?? 'The demo league could not start.');
  await loadWorld();
  await openChannel(result.channel);
  toast('Sign-ups close in an hour: ⏩ fast-forward to run the season.');
});

// ---- the sandbox's clock -------------------------------------------------------------------------

async function loadClock() {
  const clock = await getJson('/api/clock');
  if (!clock || typeof clock.ahead !== 'number') return;
  setClockAhead(clock.ahead);
  const hours = Math.round(clock.ahead / 3_600_000);
  $('#clock-label').textContent = hours === 0 ? '🕒 now' : `🕒 +${hours >= 48 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} h`}`;
}

$('#clock-button').addEventListener('click', async () => {
  const button = $('#clock-button');
  const hours = Number($('#clock-hours').value);
  button.disabled = true;
  button.classList.add('loading');
  const result = await postJson('/api/clock', { hours }).catch((e) => ({ ok: false, error: String(e) }));
  button.disabled = false;
  button.classList.remove('loading');
  if (!result.ok) return toast(result.error ?? 'The clock did not move.');
  await loadClock();
  await loadMessages();
  toast(`⏩ ${hours} h later. Reminders and timeouts that fell due have happened.`);
});

async function start() {
  await loadClock();
  await loadWorld();
  const params = new URLSearchParams(location.search);
  const wanted = params.get('as') ?? localStorage.getItem('sandbox.viewer');
  state.viewer = state.world.users.find((u) => u.username === wanted) ?? state.world.users[0];
  await loadWorld();
  const savedChannel = localStorage.getItem('sandbox.channel');
  state.channelId = channelById(savedChannel ?? '') ? savedChannel : state.world.channel.id;
  connectEvents();
  renderSidebar();
  renderTitle();
  renderPlayers();
  composer.reset();
  await Promise.all([loadCommands(), loadMessages()]);
  document.body.classList.add('ready');
  composer.focus();
}

void start();
