import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../widgets/video/video.element';
import '../../widgets/video-player/video-player.element';
import { chapterAt } from '../../widgets/video-player/chapters';
import { saveConsent } from '../../widgets/lib/consent';
import { startFakePlayer, type FakePlayer } from '../fixtures/fake-youtube/server';
import { $, until } from './helpers';

/**
 * <shop-video> in happy-dom: the frame loads the fake player page from its own origin
 * (tests/fixtures/fake-youtube), but happy-dom runs no messages across frames, so the test answers
 * as that page does (the IFrame API's JSON messages from the frame's window and origin) and reads the
 * commands the widget posts; Chromium runs the fake page itself (tests/e2e/video-consent.e2e.ts).
 */
const ID = 'dQw4w9WgXcQ';
let fake: FakePlayer;

beforeAll(async () => {
  fake = await startFakePlayer();
});
afterAll(() => fake.close());
afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'consent=; Max-Age=0; Path=/';
});

function place(html: string) {
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  document.body.append(...wrap.childNodes);
}

const facade = (start = 0) =>
  `<shop-video provider="youtube" video-id="${ID}" title="Ukážka" start="${start}" origin="${fake.origin}"><div class="video"><a class="video__facade" href="https://www.youtube.com/watch?v=${ID}">Ukážka</a></div></shop-video>`;
const player = (chapters: number[]) =>
  `<shop-video-player video-id="${ID}"><div class="video-player">${facade()}<ol>${chapters
    .map((t) => `<li><a class="video-player__chapter" href="https://www.youtube.com/watch?v=${ID}&amp;t=${t}s" data-time="${t}"><span class="video-player__chapter-name">${t}</span></a></li>`)
    .join('')}</ol></div></shop-video-player>`;

describe('<shop-video>', () => {
  it('loads nothing before the click, and without marketing consent asks instead of loading', async () => {
    place(facade());
    const button = await until(() => $('button.video__facade'));
    expect(document.querySelector('iframe')).toBeNull();
    saveConsent({ analytics: true, marketing: false });
    button.click();
    await until(() => $('.video__ask'));
    expect(document.querySelector('iframe')).toBeNull();
    expect(fake.requests).toEqual([]);
    expect($('.video__watch')!.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${ID}`);
    $('button.video__agree')!.click();
    const frame = await until(() => $('iframe.video__frame') as HTMLIFrameElement | null);
    expect(document.cookie).toContain('consent=a1m1');
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).toBe(`${fake.origin}/embed/${ID}`);
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(location.origin);
  });

  it('with consent plays on click, reports its time every second and seeks on shop-video:seek', async () => {
    saveConsent({ analytics: false, marketing: true });
    place(player([0, 30, 90]));
    const host = document.querySelector('shop-video')!;
    const times: number[] = [];
    document.addEventListener('shop-video:time', (e) => times.push((e as CustomEvent<{ seconds: number }>).detail.seconds));
    (await until(() => $('button.video__facade'))).click();
    const frame = await until(() => $('iframe.video__frame') as HTMLIFrameElement | null);
    const inside = await until(() => frame.contentWindow);
    const commands: { event: string; func?: string; args?: unknown[] }[] = [];
    vi.spyOn(inside, 'postMessage').mockImplementation((data: unknown) => void commands.push(JSON.parse(String(data))));
    // The player's side: it hears `listening` and tells its time and state.
    const tell = (currentTime: number, playerState = 1) =>
      window.dispatchEvent(new MessageEvent('message', { origin: fake.origin, source: inside, data: JSON.stringify({ event: 'infoDelivery', info: { currentTime, playerState } }) }));
    await until(() => commands.some((c) => c.event === 'listening'));
    // A message from another origin is not the player's.
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', source: inside, data: JSON.stringify({ event: 'infoDelivery', info: { currentTime: 500, playerState: 1 } }) }));
    tell(3);
    await until(() => times.length >= 1, 2500);
    expect(times[0]).toBe(3);
    // A chapter: the list's link became a button that seeks the playing video.
    const chapters = document.querySelectorAll<HTMLButtonElement>('button.video-player__chapter');
    expect(chapters).toHaveLength(3);
    chapters[2].click();
    expect(chapters[2].getAttribute('aria-current')).toBe('true');
    expect(commands).toContainEqual(expect.objectContaining({ event: 'command', func: 'seekTo', args: [90, true] }));
    expect(commands).toContainEqual(expect.objectContaining({ event: 'command', func: 'playVideo' }));
    // The page-wide contract: a seek dispatched on the element itself; the highlight follows the time.
    host.dispatchEvent(new CustomEvent('shop-video:seek', { detail: { seconds: 31 } }));
    expect(commands.filter((c) => c.func === 'seekTo').at(-1)!.args).toEqual([31, true]);
    tell(31);
    await until(() => times.at(-1) === 31, 2500);
    await until(() => chapters[1].classList.contains('video-player__chapter--current'));
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  }, 10_000);

  it('finds the chapter at a time', () => {
    expect([chapterAt([0, 54, 223], 0), chapterAt([0, 54, 223], 53), chapterAt([0, 54, 223], 54), chapterAt([0, 54, 223], 9999)]).toEqual([0, 0, 1, 2]);
  });
});
