package io.pqlab.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.DatasetScan;
import io.pqlab.Query;
import io.pqlab.io.RetryPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hive dataset on s3proxy: listed with ListObjectsV2, partitions pruned before any footer is
 * fetched, and with a warm metadata cache planned without one GET.
 */
class S3DatasetTest {
    @TempDir
    Path dir;

    @Test
    void partitionsPruneAndAWarmCachePlansWithoutAGet() throws Exception {
        System.setProperty("aws.accessKeyId", S3Server.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", S3Server.SECRET_KEY);
        System.setProperty("aws.disableEc2Metadata", "true");
        Path sorted = Path.of("..").resolve("fixtures/pruning-sorted.parquet");
        Path shuffled = Path.of("..").resolve("fixtures/pruning-shuffled.parquet");
        for (String k : List.of("kind=sorted/day=2024-01-01", "kind=sorted/day=2024-01-02", "kind=shuffled/day=2024-01-01")) {
            Path d = dir.resolve("t/" + k);
            Files.createDirectories(d);
            Files.copy(k.contains("shuffled") ? shuffled : sorted, d.resolve("part-0.parquet"));
        }
        Files.writeString(dir.resolve("t/_SUCCESS.parquet.txt"), "");
        try (S3Server server = new S3Server(dir);
                S3Lister lister = new S3Lister(new S3Source.Options(server.endpoint(), null, RetryPolicy.DEFAULT))) {
            DatasetOptions o = DatasetOptions.defaults().withStores(List.of(lister)).withCache(dir.resolve("cache"));
            String prefix = "s3://" + S3Server.BUCKET + "/t/";
            Query q = Query.where("kind = 'sorted' AND order_id = 431");
            long rows;
            try (Dataset d = Dataset.open(List.of(prefix), o)) {
                assertThat(d.files()).hasSize(3);
                server.clearLog();
                DatasetPlan cold = d.plan(q);
                assertThat(cold.files().get(0).outcome()).isEqualTo(DatasetPlan.Outcome.SKIPPED_BY_PARTITION);
                // no request for the skipped file; no HEAD for the others (the listing gave their sizes)
                assertThat(server.log()).noneMatch(l -> l.key().contains("shuffled"));
                assertThat(server.log()).noneMatch(l -> l.method().equals("HEAD"));
                assertThat(server.log()).isNotEmpty();
                rows = count(d, q);
            }
            assertThat(rows).isEqualTo(2); // order 431 is in each copy of the sorted file once
            try (Dataset d = Dataset.open(List.of(prefix), o)) {
                server.clearLog();
                DatasetPlan warm = d.plan(q);
                assertThat(warm.files()).filteredOn(f -> f.outcome() == DatasetPlan.Outcome.PLANNED)
                        .hasSize(2).allSatisfy(f -> assertThat(f.footerFromCache()).isTrue());
                assertThat(server.log()).as("requests of a warm plan").isEmpty();
                assertThat(count(d, q)).isEqualTo(rows);
            }
        }
    }

    private static long count(Dataset d, Query q) throws Exception {
        long n = 0;
        try (DatasetScan s = d.scan(q)) {
            DatasetScan.Batch b;
            while ((b = s.nextBatch()) != null) {
                n += b.rows().size();
            }
        }
        return n;
    }
}
