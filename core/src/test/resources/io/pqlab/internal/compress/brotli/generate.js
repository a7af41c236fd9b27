// Writes the Brotli test vectors with Node's built-in zlib (Google's C brotli), an encoder
// independent of the org.brotli:dec decoder under test. Run: node generate.js
// The inputs come from gen(), mirrored by CodecTest.gen() in Java.
const fs = require('fs'), zlib = require('zlib');
function gen(kind, n) {
  const out = Buffer.alloc(n);
  if (kind === 0) {
    let s = '', i = 0;
    while (s.length < n) { s += 'row ' + i + ',value ' + ((i * 7919) % 1000) + '\n'; i++; }
    out.write(s.substring(0, n), 'latin1');
  } else {
    let x = 12345;
    for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; out[i] = x & 0xff; }
  }
  return out;
}
for (const [kind, n, q] of [[0, 0, 5], [0, 1, 5], [0, 100000, 5], [0, 300000, 11], [1, 5000, 1], [1, 20000, 9]]) {
  const c = zlib.brotliCompressSync(gen(kind, n), {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: q}});
  fs.writeFileSync(`${kind}-${n}-q${q}.br`, c);
}
