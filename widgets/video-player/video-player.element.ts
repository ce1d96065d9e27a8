import { VIDEO_SEEK, VIDEO_TIME, type VideoTimeDetail } from '../video/events';
import { chapterAt } from './chapters';

const CURRENT = 'video-player__chapter--current';

/**
 * <shop-video-player> around a <shop-video> and its chapter list (templates/partials/video-player.eta).
 * Without JavaScript each chapter is a link to the video at its time; here each becomes a button that
 * seeks the video on the page (`shop-video:seek` on the <shop-video>), and the chapter playing is
 * highlighted as the video's `shop-video:time` passes. Plain DOM, no widget runtime: a few hundred bytes.
 */
class VideoPlayer extends HTMLElement {
  private readonly onTime = (event: Event) => this.highlight((event as CustomEvent<VideoTimeDetail>).detail?.seconds);

  connectedCallback(): void {
    for (const link of this.querySelectorAll<HTMLAnchorElement>('a.video-player__chapter')) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = link.className;
      button.dataset.time = link.dataset.time ?? '0';
      button.append(...link.childNodes);
      button.addEventListener('click', () => this.seek(Number(button.dataset.time)));
      link.replaceWith(button);
    }
    this.addEventListener(VIDEO_TIME, this.onTime);
    const start = Number(this.querySelector('shop-video')?.getAttribute('start'));
    if (start > 0) this.highlight(start);
  }

  disconnectedCallback(): void {
    this.removeEventListener(VIDEO_TIME, this.onTime);
  }

  private chapters(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>('.video-player__chapter')];
  }

  private seek(seconds: number): void {
    this.highlight(seconds);
    const video = this.querySelector('shop-video') ?? this;
    video.dispatchEvent(new CustomEvent(VIDEO_SEEK, { bubbles: true, detail: { seconds } }));
  }

  private highlight(seconds: unknown): void {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return;
    const chapters = this.chapters();
    const current = chapterAt(chapters.map((c) => Number(c.dataset.time)), seconds);
    chapters.forEach((chapter, index) => {
      chapter.classList.toggle(CURRENT, index === current);
      if (index === current) chapter.setAttribute('aria-current', 'true');
      else chapter.removeAttribute('aria-current');
    });
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('shop-video-player')) customElements.define('shop-video-player', VideoPlayer);

declare global {
  interface HTMLElementTagNameMap {
    'shop-video-player': HTMLElement;
  }
}
