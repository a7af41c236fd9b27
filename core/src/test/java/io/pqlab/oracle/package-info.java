/**
 * parquet-java as the independent judge, in test scope only: every test that asks parquet-java
 * about a file or a value comes here.
 *
 * <ul>
 *   <li>{@link io.pqlab.oracle.ParquetJava}: reads a file (footer, Thrift structures as written,
 *       page index, Bloom filters, pages, decoded values, rows) without Hadoop;
 *   <li>{@link io.pqlab.oracle.Encoders}: parquet-java's value encoders, the independent writer of
 *       page bodies for the decoder tests;
 *   <li>{@link io.pqlab.oracle.OracleCodecs}: the page codecs parquet-java reads with, since its own
 *       codec factory needs Hadoop;
 *   <li>{@link io.pqlab.oracle.ParquetJavaFilters}: conditions as parquet-java's own filters take
 *       them, with SQL's null semantics kept;
 *   <li>{@link io.pqlab.oracle.PqlabRecords}: pqlab's footer records filled with parquet-java's
 *       figures, so that one reader can be tested apart from pqlab's footer decoder.
 * </ul>
 *
 * <p>{@link io.pqlab.oracle.ParquetJavaFilters} writes conditions in parquet-java's FilterApi; the
 * plan tests' walk of their own condition language into it ({@code io.pqlab.plan.PjFilter}) stays
 * beside that language. {@code org.apache.parquet.HadoopFreeReadOptions} lives in parquet-java's
 * package because it needs a package-private constructor.
 */
package io.pqlab.oracle;
