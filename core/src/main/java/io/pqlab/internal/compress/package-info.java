/**
 * Page decompression: {@link io.pqlab.internal.compress.Decompressor} turns a page body compressed with any
 * parquet.thrift CompressionCodec except LZO into exactly the declared number of bytes, or throws
 * {@link io.pqlab.MalformedFileException}.
 *
 * <h2>Libraries, and why</h2>
 * SNAPPY, ZSTD, LZ4 (Hadoop framing parsed here) and LZ4_RAW run in the JNI libraries
 * snappy-java, zstd-jni and lz4-java where their native code loads on the platform, each probed
 * once with a round trip ({@code NativeCodecs}); aircompressor (pure Java) runs them otherwise,
 * and everywhere with {@code -Dpqlab.codecs=java} (the CLI's {@code --pure-java-codecs}). GZIP
 * uses java.util.zip; BROTLI uses org.brotli:dec (pure Java, the only maintained Java decoder).
 *
 * <p>Why native first: a profile of a full scan of the benchmark's 10M-row Snappy file put 66% of
 * the CPU in aircompressor's Snappy decoder (bench/RESULTS.md); the JNI libraries are 1.1 to 2.3
 * times faster for Snappy and Zstandard. Why a fallback: the JNI jars extract their native code
 * to a temporary directory at first use, which fails on noexec mounts and platforms they ship no
 * build for; the reader must still work there. The switch exists so that both paths can be held
 * to the same tests (the pure-java-codecs and fuzz-pure-java test runs in core/pom.xml).
 *
 * <p>Safety of the native path: a corrupt page must be an exception, never a crash or a read or
 * write outside its buffer. Only the array entry points that check offsets and lengths against
 * the arrays are called (zstd-jni's {@code ZstdDecompressCtx.decompressByteArray}, lz4-java's
 * safe decompressor), never raw addresses; snappy-java's bounds its output only by the Snappy
 * preamble, so the preamble (parsed here, and again by the library) must equal the page header's
 * uncompressed size and the output array must have that room before it is called. Each
 * Zstandard frame is walked here first (its blocks must lie in the input) and its declared
 * content size must fit what is left of the page's; output is bounded by the header's size
 * everywhere. The decoders themselves (snappy, zstd, LZ4_decompress_safe) are the ones their
 * authors fuzz against malicious input.
 *
 * <p>The measurement that first chose pure Java (a throwaway timing, JDK 17, 2-core VM, median of
 * 7 runs of 100 ms after 0.3 s warm-up; MB/s of output for 1 MiB pages of PLAIN order strings
 * ("text"), sorted int64 timestamps and two-decimal doubles):
 *
 * <pre>
 *                 aircompressor   JNI library        JDK / brotli
 *   SNAPPY text      1050-1060    1460-1490 snappy-java
 *   SNAPPY int64      400-550      900-910
 *   SNAPPY double     400-550      930
 *   ZSTD   text      1310-1490    2370-2430 zstd-jni (level 3)
 *   ZSTD   int64      840-870     1130-1140
 *   ZSTD   double     890-950     1200-1590
 *   LZ4    text      4530-4630    6690-6770 lz4-java JNI (its pure-Java safe path: 1230-1270)
 *   LZ4    int64     1390-1420    1180-1200
 *   LZ4    double    2410-2480    4350-4450
 *   GZIP   text/int64/double                         760-780 / 670 / 370-600 (Inflater)
 *   BROTLI text/int64/double                         280-330 / 190-290 / 140-240 (quality 5)
 * </pre>
 */
package io.pqlab.internal.compress;
