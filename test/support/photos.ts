/**
 * Photo-like JPEGs for tests and the bench: what the browser's resize produces (longest side
 * 1200 px, quality ~85) — smooth sky and ground, a few figures, and sensor-like noise, which
 * lands near the few hundred KB a real resized photo weighs.
 */
import jpeg from 'jpeg-js';

function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

export function photoJpeg(seed: number, width = 1200, height = 900, quality = 85): Buffer {
  const rnd = random(seed * 7919 + 17);
  const data = Buffer.alloc(width * height * 4);
  const hue = rnd();
  const sky = [120 + 100 * hue, 160 + 60 * rnd(), 230];
  const ground = [60 + 80 * rnd(), 110 + 60 * hue, 50 + 40 * rnd()];
  const figures = Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => ({
    x: width * (0.15 + 0.7 * rnd()),
    y: height * (0.45 + 0.2 * rnd()),
    r: height * (0.08 + 0.08 * rnd()),
    color: [255 * rnd(), 255 * rnd(), 255 * rnd()],
  }));
  const horizon = height * 0.6;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const t = y < horizon ? y / horizon : (y - horizon) / (height - horizon);
      let c = y < horizon ? sky.map((v) => v * (0.75 + 0.25 * t)) : ground.map((v) => v * (1 - 0.3 * t));
      for (const f of figures) {
        const dx = x - f.x;
        const dy = y - f.y;
        if (dx * dx + dy * dy < f.r * f.r || (Math.abs(dx) < f.r * 0.7 && y > f.y && y < f.y + f.r * 3))
          c = f.color.map((v) => v * (0.8 + 0.2 * (1 - dy / (f.r * 3))));
      }
      const noise = (rnd() - 0.5) * 26;
      data[i] = Math.max(0, Math.min(255, c[0]! + noise));
      data[i + 1] = Math.max(0, Math.min(255, c[1]! + noise));
      data[i + 2] = Math.max(0, Math.min(255, c[2]! + noise));
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, quality).data;
}
