#!/usr/bin/env node
// Draws the app and tray icons (three parallel bars: sessions running side by side) as PNGs, with no image
// tooling: `node build/make-icons.mjs`. electron-builder derives .icns/.ico from build/icon.png.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inRoundRect = (u, v, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(u, x0 + r), x1 - r);
  const cy = Math.min(Math.max(v, y0 + r), y1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
};
const bars = [
  { x0: 0.24, x1: 0.36, y0: 0.3, y1: 0.76, color: [91, 140, 255] },
  { x0: 0.44, x1: 0.56, y0: 0.22, y1: 0.7, color: [60, 207, 145] },
  { x0: 0.64, x1: 0.76, y0: 0.34, y1: 0.8, color: [245, 165, 36] },
];
const barAt = (u, v, pad = 0) => bars.find((b) => inRoundRect(u, v, b.x0 - pad, b.y0 - pad, b.x1 + pad, b.y1 + pad, 0.06));

const app = (u, v) => {
  if (!inRoundRect(u, v, 0.06, 0.06, 0.94, 0.94, 0.2)) return [0, 0, 0, 0];
  const bar = barAt(u, v);
  return bar ? [...bar.color, 255] : [17, 19, 24, 255];
};
const trayBars = (rgb) => (u, v) => (barAt(u, v, 0.06) ? [...rgb, 255] : [0, 0, 0, 0]);

const out = (name, data) => {
  const file = join(here, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
};
out('icon.png', png(1024, app));
out('runtime-icons/icon.png', png(512, app));
out('runtime-icons/tray.png', png(32, trayBars([220, 224, 232])));
out('runtime-icons/trayTemplate.png', png(16, trayBars([0, 0, 0])));
out('runtime-icons/trayTemplate@2x.png', png(32, trayBars([0, 0, 0])));
