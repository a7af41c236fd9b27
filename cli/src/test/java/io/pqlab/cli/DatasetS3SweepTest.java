package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.Query;
import io.pqlab.internal.dataset.DatasetSweep;
import io.pqlab.io.RetryPolicy;
import io.pqlab.s3.S3Lister;
import io.pqlab.s3.S3Server;
import io.pqlab.s3.S3Source;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dataset condition sweep ({@code DatasetSweep}, core's tests) through s3proxy: a generated
 * hive dataset by parquet-java (three key types, escaped values, INT32/INT64 and FLOAT/DOUBLE
 * columns, a column most files lack) and one by DuckDB's PARTITION_BY, listed with ListObjectsV2
 * and read over HTTP; for every condition pqlab's rows are DuckDB's over the local copy, in count
 * and order, with the values of the partition columns, the condition's columns and id (the query
 * returns those: each page over S3 is a request), and the requests the server saw are the
 * requests pqlab reports. Here, not in
 * the s3 module, because this module's tests have both s3proxy and the judges (DuckDB,
 * parquet-java) on their class path.
 */
class DatasetS3SweepTest {
    @TempDir
    static Path dir;

    @AutoClose
    static Connection db;
    @AutoClose
    static S3Server s3;
    @AutoClose
    static S3Lister lister;

    @BeforeAll
    static void write() throws Exception {
        DatasetSweep.writeParquetJava(dir.resolve("pj"), 21, 24);
        db = DriverManager.getConnection("jdbc:duckdb:");
        DatasetSweep.writeDuckDb(db, dir.resolve("dk"), 200);
        DatasetSweep.load(db, dir.resolve("pj"), "pj");
        DatasetSweep.load(db, dir.resolve("dk"), "dk");
        System.setProperty("aws.accessKeyId", S3Server.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", S3Server.SECRET_KEY);
        System.setProperty("aws.disableEc2Metadata", "true");
        s3 = new S3Server(dir);
        lister = new S3Lister(new S3Source.Options(s3.endpoint(), null, RetryPolicy.DEFAULT));
    }

    /** Every {@code every}-th generated condition, over s3proxy, against DuckDB over the local copy. */
    private static int sweep(String name, List<String> columns, List<String> partitions, int combos, long seed,
            int every) throws Exception {
        long t0 = System.nanoTime();
        List<String> all = DatasetSweep.conditions(db, name, columns, partitions, combos, seed);
        List<String> conditions = new ArrayList<>();
        for (int i = 0; i < all.size(); i += every) {
            conditions.add(all.get(i));
        }
        DatasetSweep.Rows rows = DatasetSweep.rows(db, name, columns);
        List<int[]> expected = DatasetSweep.duckDb(db, name, conditions);
        String prefix = "s3://" + S3Server.BUCKET + "/" + name + "/";
        String local = dir.resolve(name) + "/";
        List<String> wrong = new ArrayList<>();
        int files;
        long requests = 0;
        try (Dataset d = Dataset.open(List.of(prefix), DatasetOptions.defaults().withStores(List.of(lister)))) {
            assertThat(d.partitionColumns()).isEqualTo(partitions);
            files = d.files().size();
            for (int i = 0; i < conditions.size(); i++) {
                String c = conditions.get(i);
                List<String> values = new ArrayList<>();
                s3.clearLog();
                long before = d.requests();
                // the condition's columns and id (every page over S3 is a request): those values are compared
                List<String> named = new ArrayList<>(DatasetSweep.named(c, columns, partitions));
                if (!named.contains("id")) {
                    named.add("id");
                }
                List<String> compared = new ArrayList<>(partitions);
                compared.addAll(named);
                int[] ours = DatasetSweep.pqlab(d, Query.where(c).columns(named), compared,
                        l -> local + l.substring(prefix.length()), rows, values);
                if (!java.util.Arrays.equals(ours, expected.get(i)) || !values.isEmpty()) {
                    wrong.add(c + ": pqlab " + ours.length + " rows, DuckDB " + expected.get(i).length + " "
                            + values.stream().limit(2).toList());
                }
                requests = d.requests();
                // the listing (ListObjectsV2) is left out of the log; every GET is a request pqlab counted
                if (s3.log().size() != d.requests() - before) {
                    wrong.add(c + ": the server saw " + s3.log().size() + " requests, pqlab reports "
                            + (d.requests() - before));
                }
            }
        }
        assertThat(wrong).as(wrong.size() + " of " + conditions.size() + " conditions differ").isEmpty();
        System.err.printf("s3 sweep %s: %d conditions over %d rows, %d files, %d requests, %d ms%n", name,
                conditions.size(), rows.size(), files, requests, (System.nanoTime() - t0) / 1_000_000);
        return conditions.size();
    }

    @Test
    void throughS3ProxyRowsAreDuckDbsForAHundredGeneratedConditions() throws Exception {
        int n = sweep("dk", DatasetSweep.DK_COLUMNS, DatasetSweep.DK_PARTITIONS, 20, 22, 3);
        n += sweep("pj", DatasetSweep.PJ_COLUMNS, DatasetSweep.PJ_PARTITIONS, 40, 21, 9);
        assertThat(n).isGreaterThanOrEqualTo(100);
    }
}
