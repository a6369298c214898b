/**
 * A small XML reader for the timetable programs' exports (aSc Timetables, FET): elements, attributes and
 * text, entities and CDATA; comments, processing instructions and DOCTYPE skipped; no namespaces, no DTD.
 * Chosen over fast-xml-parser: these exports need nothing more, the sheet worker's chunk stays free of a new
 * dependency, and the browser's DOMParser does not exist in a worker. Malformed input never throws here:
 * parseXml answers null and the reader says in French that the file cannot be read.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const MAX_LENGTH = 40_000_000;
const MAX_DEPTH = 64;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, code: string) => {
    if (code.startsWith('#x')) return safeChar(Number.parseInt(code.slice(2), 16)) ?? whole;
    if (code.startsWith('#')) return safeChar(Number(code.slice(1))) ?? whole;
    return ENTITIES[code] ?? whole;
  });
}

function safeChar(code: number): string | null {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The root element of an XML text, or null when the text is not well-formed enough to read. */
export function parseXml(text: string): XmlElement | null {
  if (typeof text !== 'string' || text.length > MAX_LENGTH) return null;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('<', i);
    const top = stack[stack.length - 1] ?? root;
    if (open < 0) {
      top.text += decodeEntities(text.slice(i));
      break;
    }
    if (open > i) top.text += decodeEntities(text.slice(i, open));
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end < 0) return null;
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open + 9);
      if (end < 0) return null;
      top.text += text.slice(open + 9, end);
      i = end + 3;
    } else if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (text.startsWith('<!', open)) {
      const end = text.indexOf('>', open + 2);
      if (end < 0) return null;
      i = end + 1;
    } else if (text.startsWith('</', open)) {
      const end = text.indexOf('>', open + 2);
      if (end < 0) return null;
      const name = text.slice(open + 2, end).trim();
      // Close up to the matching element (tolerates an unclosed child).
      let k = stack.length - 1;
      while (k > 0 && stack[k]?.name !== name) k -= 1;
      if (k === 0) return null;
      stack.length = k;
      i = end + 1;
    } else {
      const end = findTagEnd(text, open + 1);
      if (end < 0) return null;
      const inner = text.slice(open + 1, end);
      const selfClosing = inner.endsWith('/');
      const body = selfClosing ? inner.slice(0, -1) : inner;
      const name = /^[^\s/>]+/.exec(body)?.[0] ?? '';
      if (name === '') return null;
      const attributes: Record<string, string> = {};
      for (const match of body.slice(name.length).matchAll(ATTRIBUTE)) {
        const key = match[1];
        if (key !== undefined) attributes[key] = decodeEntities(match[2] ?? match[3] ?? '');
      }
      const element: XmlElement = { name, attributes, children: [], text: '' };
      top.children.push(element);
      if (!selfClosing) {
        if (stack.length > MAX_DEPTH) return null;
        stack.push(element);
      }
      i = end + 1;
    }
  }
  return root.children.find((child) => child.name !== '') ?? null;
}

/** The '>' closing a start tag, skipping quoted attribute values. */
function findTagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const ch = text[i];
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i;
  }
  return -1;
}

/** Children named `name` (case-insensitive), at any depth below `element`. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const wanted = name.toLowerCase();
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const child of node.children) {
      if (child.name.toLowerCase() === wanted) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}

/** The trimmed text of the first child named `name`, or ''. */
export function childText(element: XmlElement, name: string): string {
  const wanted = name.toLowerCase();
  return element.children.find((c) => c.name.toLowerCase() === wanted)?.text.trim() ?? '';
}

/** The trimmed texts of every child named `name` (a FET activity's several teachers). */
export function childTexts(element: XmlElement, name: string): string[] {
  const wanted = name.toLowerCase();
  return element.children
    .filter((c) => c.name.toLowerCase() === wanted)
    .map((c) => c.text.trim())
    .filter((t) => t !== '');
}
