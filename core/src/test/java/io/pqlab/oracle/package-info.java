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
 *   <li>{@link io.pqlab.oracle.PqlabRecords}: pqlab's footer records filled with parquet-java's
 *       figures, so that one reader can be tested apart from pqlab's footer decoder.
 * </ul>
 *
 * <p>{@code org.apache.parquet.HadoopFreeReadOptions} lives in parquet-java's package because it
 * needs a package-private constructor. The plan tests' translation of their condition language into
 * parquet-java's FilterApi ({@code io.pqlab.plan.PjFilter}) stays beside that language.
 */
package io.pqlab.oracle;
