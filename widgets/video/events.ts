/**
 * The video contract other pages rely on (the live-stream page too): <shop-video> dispatches
 * `shop-video:time` {detail:{seconds}} (bubbling) every second while it plays, and seeks when a
 * `shop-video:seek` {detail:{seconds}} is dispatched on it, inside it, or on the document.
 */
export const VIDEO_TIME = 'shop-video:time';
export const VIDEO_SEEK = 'shop-video:seek';

export interface VideoTimeDetail {
  seconds: number;
}
