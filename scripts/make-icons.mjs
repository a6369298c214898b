// Draws the app icons (blue tile, white check mark) as PNG without any image tool: run once, files committed.
import fs from 'node:fs';
import zlib from 'node:zlib';

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function segDist(px, py, ax, ay, bx, by) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
function icon(size, { maskable }) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const s = size / 512;
  const radius = maskable ? 0 : 96 * s;
  const scale = maskable ? 0.7 : 1; // maskable icons keep the mark inside the safe zone
  const c = size / 2;
  const pts = [
    [150, 270],
    [220, 340],
    [365, 170],
  ].map(([x, y]) => [c + (x - 256) * s * scale, c + (y - 256) * s * scale]);
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x += 1) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const qx = Math.max(radius - x, 0, x - (size - 1 - radius));
      const qy = Math.max(radius - y, 0, y - (size - 1 - radius));
      const inside = radius === 0 || Math.hypot(qx, qy) <= radius;
      const d = Math.min(segDist(x, y, ...pts[0], ...pts[1]), segDist(x, y, ...pts[1], ...pts[2]));
      const white = d <= 22 * s * scale;
      const [r, g, b] = white ? [255, 255, 255] : [0x1d, 0x4e, 0xd8];
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = inside ? 255 : 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
fs.writeFileSync('public/icons/icon-192.png', icon(192, { maskable: false }));
fs.writeFileSync('public/icons/icon-512.png', icon(512, { maskable: false }));
fs.writeFileSync('public/icons/icon-maskable-512.png', icon(512, { maskable: true }));
