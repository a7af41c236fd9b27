/**
 * Page decompression: {@link io.pqlab.internal.compress.Decompressor} turns a page body compressed with any
 * parquet.thrift CompressionCodec except LZO into exactly the declared number of bytes, or throws
 * {@link io.pqlab.MalformedFileException}.
 *
 * <h2>Libraries, and why</h2>
 * SNAPPY, LZ4 (Hadoop framing parsed here), LZ4_RAW and ZSTD (frames walked here) use
 * aircompressor (pure Java); GZIP uses java.util.zip; BROTLI uses org.brotli:dec (pure Java, the
 * only maintained Java decoder). The alternative was the JNI libraries snappy-java, zstd-jni and
 * lz4-java. A throwaway timing (not in the repository; JDK 17, 2-core VM, median of 7 runs of
 * 100 ms after 0.3 s warm-up, two runs) decompressed synthetic pages: PLAIN strings of order rows
 * ("text"), sorted PLAIN int64 timestamps, PLAIN doubles with two decimals. MB/s of output for
 * 1 MiB pages (64 KiB pages were within the same ranges):
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
 *
 * The JNI libraries are 1.1 to 2.3 times faster for Snappy and Zstandard, slower for LZ4 on
 * poorly compressible data. Chosen anyway: aircompressor, because every pure-Java rate stays at
 * 400 MB/s or more per core, above the rate at which the pages a reader cannot skip arrive from
 * storage; because it is one 0.3 MB jar without dependencies instead of native libraries that are
 * extracted to a temporary directory at first use (failing on noexec mounts and unlisted
 * platforms); and because a corrupt page then cannot crash the JVM in native code. If profiles
 * ever show decompression dominating, the JNI decoders can replace it behind the same class.
 */
package io.pqlab.internal.compress;
