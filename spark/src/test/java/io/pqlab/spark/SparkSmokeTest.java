package io.pqlab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class SparkSmokeTest {
    @Test
    void sparkReadsAFixture() {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("smoke")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        try {
            long n = spark.read().parquet(Path.of("..", "fixtures", "pruning-sorted.parquet").toString())
                    .where("order_id = 431").count();
            assertThat(n).isEqualTo(1);
        } finally {
            spark.stop();
        }
    }
}
