package io.pqlab.internal.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The parquet-testing fixtures as the format tests use them (see {@link Fixtures}), and a footer's bytes. */
public final class FormatFixtures {
    public static final Path ROOT = Fixtures.PARQUET_TESTING;
    public static final Path DATA = Fixtures.DATA;
    public static final Path BAD = Fixtures.BAD_DATA;
    public static final Path ENCRYPTED = Fixtures.ENCRYPTED;

    private FormatFixtures() {}

    /** Every .parquet file in data/ (the encrypted one is not named .parquet). */
    public static List<Path> dataFiles() {
        return Fixtures.dataFiles();
    }

    /** Every .parquet file in bad_data/. */
    public static List<Path> badFiles() {
        return Fixtures.badFiles();
    }

    /** data/ and bad_data/ together. */
    public static List<Path> allFiles() {
        return Stream.concat(dataFiles().stream(), badFiles().stream()).toList();
    }

    /** The file's raw footer bytes (FileMetaData only), by the format's layout. */
    public static byte[] footerBytes(byte[] file) {
        int n = file.length;
        int len = (file[n - 8] & 0xFF) | (file[n - 7] & 0xFF) << 8 | (file[n - 6] & 0xFF) << 16
                | (file[n - 5] & 0xFF) << 24;
        byte[] out = new byte[len];
        System.arraycopy(file, n - 8 - len, out, 0, len);
        return out;
    }

    /**
     * The fields of a raw Statistics (parquet-java's Thrift class) against pqlab's that a footer's and a
     * page header's share: both bound pairs, the null, distinct and NaN counts (-1 where not set).
     */
    public static void compareStatistics(org.apache.parquet.format.Statistics r, Statistics s) {
        if (r == null) {
            assertThat(s).isNull();
            return;
        }
        assertThat(s.max()).isEqualTo(r.isSetMax() ? r.getMax() : null);
        assertThat(s.min()).isEqualTo(r.isSetMin() ? r.getMin() : null);
        assertThat(s.maxValue()).isEqualTo(r.isSetMax_value() ? r.getMax_value() : null);
        assertThat(s.minValue()).isEqualTo(r.isSetMin_value() ? r.getMin_value() : null);
        assertThat(s.nullCount()).isEqualTo(r.isSetNull_count() ? r.getNull_count() : -1);
        assertThat(s.distinctCount()).isEqualTo(r.isSetDistinct_count() ? r.getDistinct_count() : -1);
        assertThat(s.nanCount()).isEqualTo(r.isSetNan_count() ? r.getNan_count() : -1);
    }
}
