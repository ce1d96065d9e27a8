import { HEIGHT, HEIGHT_WITH_LABEL, IMAGE_HEIGHT, LABELLED } from './box';

/**
 * The carousel's own stylesheet, inside its shadow root: the partner's rules do not reach in and
 * these do not reach out. It starts from `all: initial` on the host, so only the font is inherited
 * (the partner's by default); colours, radius and sizes are custom properties a partner may set on
 * the tag or an ancestor, and `::part(card|image|title|price|button|label|message)` reach the rest.
 * Every height is fixed (box.ts): products, a message or nothing yet all fill the same box.
 */
export const CAROUSEL_CSS = `
:host{all:initial;display:block;position:relative;height:${HEIGHT};font:inherit;line-height:1.3;color:var(--shop-text,#1f2937);container-type:inline-size;--gap:var(--shop-gap,.75em);--accent:var(--shop-accent,#db2777);--radius:var(--shop-radius,.6em);--muted:var(--shop-muted,#5b6270);--border:var(--shop-border,#f3d4e5);--surface:var(--shop-surface,#fff)}
:host(${LABELLED}){height:${HEIGHT_WITH_LABEL}}
:host([hidden]){display:none}
*{box-sizing:border-box}
.root{display:flex;flex-direction:column;height:100%}
.label{flex:none;height:1.5em;margin:0 0 .5em;font-weight:700;font-size:1em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.stage{flex:1;min-height:0;position:relative}
.track{display:grid;grid-auto-flow:column;grid-auto-columns:calc((100% - 3 * var(--gap)) / 4);gap:var(--gap);height:100%;margin:0;padding:0;list-style:none;overflow-x:auto;overflow-y:hidden;scroll-snap-type:x mandatory;overscroll-behavior-x:contain;scrollbar-width:none}
.track::-webkit-scrollbar{display:none}
.track:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
@container (max-width:599px){.track{grid-auto-columns:calc((100% - var(--gap)) / 1.4)}}
.item{scroll-snap-align:start;min-width:0;height:100%}
.card{display:flex;flex-direction:column;height:100%;overflow:hidden;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}
.media{position:relative;display:block;flex:none;height:${IMAGE_HEIGHT};background:var(--shop-image-background,#fdf2f8)}
.media img{display:block;width:100%;height:100%;object-fit:contain}
.ribbons{position:absolute;top:.5em;left:.5em;display:flex;gap:.25em}
.ribbon{padding:0 .4em;border-radius:.3em;background:var(--accent);color:var(--shop-accent-text,#fff);font-size:.75em;font-weight:700;line-height:1.6}
.body{display:flex;flex-direction:column;flex:1;min-height:0;padding:.5em .75em .75em}
.title{display:-webkit-box;height:2.6em;margin:0;overflow:hidden;font-size:1em;font-weight:600;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.title a{color:inherit;text-decoration:none}
.title a:hover{text-decoration:underline}
.price{height:1.3em;margin:.3em 0 0;overflow:hidden;white-space:nowrap}
.price strong{font-weight:700}
.price del{color:var(--muted);font-size:.85em}
.lowest{margin:.2em 0 0;color:var(--muted);font-size:.75em}
.availability{height:1.5em;margin:.1em 0 0;overflow:hidden;white-space:nowrap;font-size:.85em;color:var(--muted)}
.availability[data-severity=success]{color:var(--shop-success,#15803d)}
.availability[data-severity=danger]{color:var(--shop-danger,#b91c1c)}
.button{display:flex;align-items:center;justify-content:center;height:2.4em;margin-top:auto;padding:0 .75em;border-radius:var(--radius);background:var(--accent);color:var(--shop-accent-text,#fff);font-weight:700;text-decoration:none;white-space:nowrap;overflow:hidden}
.button:hover{filter:brightness(.92)}
.button:focus-visible,.title a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.skeleton .card{border-style:dashed;background:var(--surface)}
.skeleton .media{background:var(--shop-image-background,#fdf2f8)}
.move{position:absolute;top:calc(${IMAGE_HEIGHT} / 2 - 1.2em);width:2.4em;height:2.4em;border:1px solid var(--border);border-radius:50%;background:var(--surface);color:var(--shop-text,#1f2937);font:inherit;font-size:1.2em;line-height:1;cursor:pointer}
.move[disabled]{display:none}
.prev{left:.25em}
.next{right:.25em}
.message{display:flex;align-items:center;justify-content:center;height:100%;margin:0;padding:1em;border:1px dashed var(--border);border-radius:var(--radius);color:var(--muted);font-size:.9em;text-align:center}
`;
