/** JSON that is safe inside <script type="application/json">: "<" can never close the tag. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** JSON for an HTML attribute value; Eta's escaping takes care of quotes. */
export function attrJson(value: unknown): string {
  return JSON.stringify(value);
}
