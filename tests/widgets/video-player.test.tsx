import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/video-player/video-player.element';
import { chapterAt, cleanChapters, formatTime } from '../../widgets/video-player/chapters';
import { sanitizeArticle } from '../../server/content/sanitize';
import { $, jsonResponse, until } from './helpers';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Parsed detached, then connected whole: the element starts with all its attributes and fallback. */
function place(html: string) {
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  document.body.append(...wrap.childNodes);
}

const ID = 'dQw4w9WgXcQ';
const CHAPTERS = [
  { id: 1, name: 'Úvod', description: 'Čo vás čaká.', time: 0 },
  { id: 2, name: 'Vybalenie', description: '', time: 54 },
  { id: 3, name: 'Zhrnutie', description: 'Pre koho.', time: 223 },
];
const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const FALLBACK = `<div class="video-player"><a class="video-player__facade" href="https://www.youtube.com/watch?v=${ID}">Video</a></div>`;

describe('video player', () => {
  it('lists the chapters with their times and links the facade to YouTube', async () => {
    place(`<shop-video-player video-id="${ID}" label="Ukážka" chapters="${attr(CHAPTERS)}">${FALLBACK}</shop-video-player>`);
    await until(() => $('button.video-player__chapter'));
    const buttons = document.querySelectorAll<HTMLElement>('button.video-player__chapter');
    expect([...buttons].map((b) => b.querySelector('.video-player__time')!.textContent)).toEqual(['0:00', '0:54', '3:43']);
    expect($('a.video-player__facade')!.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect($('.video-player__title')!.textContent).toBe('Ukážka');
    expect(document.querySelector('iframe, script')).toBeNull();
    expect(document.querySelector('[aria-current]')).toBeNull();
  });

  it('seeks to a chapter on click: highlights it, opens the video at its time and announces it', async () => {
    place(`<shop-video-player video-id="${ID}" label="Ukážka" chapters="${attr(CHAPTERS)}">${FALLBACK}</shop-video-player>`);
    const heard = vi.fn();
    document.addEventListener('shop:video-seek', (e) => heard((e as CustomEvent).detail));
    await until(() => $('button.video-player__chapter'));
    document.querySelectorAll<HTMLElement>('button.video-player__chapter')[1].click();
    await until(() => $('.video-player__chapter--current'));
    const current = $('.video-player__chapter--current')!;
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(current.querySelector('.video-player__chapter-name')!.textContent).toBe('Vybalenie');
    expect($('a.video-player__facade')!.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${ID}&t=54s`);
    expect(heard).toHaveBeenCalledWith({ videoId: ID, time: 54 });
    document.querySelectorAll<HTMLElement>('button.video-player__chapter')[2].click();
    await until(() => $('a.video-player__facade')!.getAttribute('href')!.endsWith('&t=223s'));
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  });

  it('starts at ?t= when given and highlights the chapter playing then', async () => {
    place(`<shop-video-player video-id="${ID}" chapters="${attr(CHAPTERS)}" start="100"></shop-video-player>`);
    await until(() => $('.video-player__chapter--current'));
    expect($('.video-player__chapter--current .video-player__chapter-name')!.textContent).toBe('Vybalenie');
    expect($('a.video-player__facade')!.getAttribute('href')).toContain('&t=100s');
  });

  it('fetches the chapters through POST /api/video/chapter when the tag has none', async () => {
    const fetch = vi.fn(async (_request: Request) => jsonResponse({ video_id: ID, chapters: CHAPTERS }));
    vi.stubGlobal('fetch', fetch);
    place(`<shop-video-player video-id="${ID}"></shop-video-player>`);
    await until(() => document.querySelectorAll('button.video-player__chapter').length === 3);
    const request = fetch.mock.calls[0][0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/video/chapter');
    expect(await request.clone().json()).toEqual({ url: `https://www.youtube.com/watch?v=${ID}` });
  });

  it('refuses a video id that is not 11 characters', async () => {
    place(`<shop-video-player video-id="short" chapters="[]"></shop-video-player>`);
    await until(() => $('.video-player__invalid'));
    expect($('a.video-player__facade')).toBeNull();
  });

  it('cleans chapters and finds the one at a time', () => {
    expect(cleanChapters('x')).toBeNull();
    expect(cleanChapters([{ name: 'B', time: 30 }, null, { name: 'A', time: '0' }, { name: 'C', time: -5 }])!.map((c) => c.name)).toEqual(['A', 'B']);
    expect([chapterAt(CHAPTERS, 0), chapterAt(CHAPTERS, 53), chapterAt(CHAPTERS, 54), chapterAt(CHAPTERS, 9999)]).toEqual([0, 0, 1, 2]);
    expect(formatTime(3723)).toBe('1:02:03');
  });
});

describe('video player tag in a guide (issue 19)', () => {
  it('reads video-id, the one attribute the sanitiser keeps (an old url becomes it)', async () => {
    const fetch = vi.fn(async () => jsonResponse({ video_id: ID, title: null, chapters: CHAPTERS }));
    vi.stubGlobal('fetch', fetch);
    const kept = sanitizeArticle(`<shop-video-player url="https://youtu.be/${ID}" label="Ako na to"></shop-video-player>`);
    expect(kept).toBe(`<shop-video-player video-id="${ID}" label="Ako na to"></shop-video-player>`);
    place(kept);
    const facade = await until(() => $('a.video-player__facade'));
    expect(facade.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect($('.video-player__title')!.textContent).toBe('Ako na to');
    expect($('.video-player__invalid')).toBeNull();
    await until(() => document.querySelectorAll('button.video-player__chapter').length === 3);
  });
});
