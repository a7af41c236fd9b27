package io.pqlab.s3;

import io.pqlab.io.ListedFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.DatasetException;
import io.pqlab.internal.dataset.HivePartitioning;
import io.pqlab.internal.dataset.Listing;
import io.pqlab.io.RetryPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Listing an s3:// prefix or glob through ListObjectsV2 on s3proxy, paged, with the hidden-file rules. */
class S3ListingTest {
    @TempDir
    static Path dir;

    @AutoClose
    static S3Server server;
    @AutoClose
    static S3Lister lister;

    @BeforeAll
    static void start() throws Exception {
        for (String rel : List.of("t/y=2024/m=1/a.parquet", "t/y=2024/m=2/a.parquet", "t/y=2023/m=1/b.parquet",
                "t/_tmp/x.parquet", "t/.x.parquet", "t/y=2024/_c.parquet", "u/k=a%2Fb/v.parquet")) {
            Path p = dir.resolve(rel);
            Files.createDirectories(p.getParent());
            Files.writeString(p, rel);
        }
        // more keys than one ListObjectsV2 page holds
        for (int i = 0; i < 1005; i++) {
            Path p = dir.resolve(String.format("many/f%04d.parquet", i));
            Files.createDirectories(p.getParent());
            Files.writeString(p, "x");
        }
        server = new S3Server(dir);
        lister = new S3Lister(new S3Source.Options(server.endpoint(), null, RetryPolicy.DEFAULT));
    }

    private static List<String> list(String... locations) throws Exception {
        return new Listing(List.of(lister), null).list(List.of(locations)).stream().map(ListedFile::location).toList();
    }

    @Test
    void aPrefixIsEveryVisibleObjectBelowIt() throws Exception {
        String t = "s3://" + S3Server.BUCKET + "/t";
        List<String> expected = List.of(t + "/y=2023/m=1/b.parquet", t + "/y=2024/m=1/a.parquet", t + "/y=2024/m=2/a.parquet");
        assertThat(list(t + "/")).isEqualTo(expected);
        assertThat(list(t)).isEqualTo(expected);
        assertThat(list(t + "/**/a.parquet")).containsExactly(t + "/y=2024/m=1/a.parquet", t + "/y=2024/m=2/a.parquet");
        assertThat(list(t + "/y=202?/m=1/*.parquet")).containsExactly(t + "/y=2023/m=1/b.parquet",
                t + "/y=2024/m=1/a.parquet");
        assertThat(list(t + "/y=2024/m=1/a.parquet")).containsExactly(t + "/y=2024/m=1/a.parquet");
    }

    @Test
    void sizesAndEtagsComeFromTheListingAndOpenWithoutAHead() throws Exception {
        List<ListedFile> files = new Listing(List.of(lister), null).list(List.of("s3://" + S3Server.BUCKET + "/t/"));
        ListedFile f = files.get(0);
        assertThat(f.size()).isEqualTo("t/y=2023/m=1/b.parquet".length());
        assertThat(f.version()).startsWith("etag:").hasSizeGreaterThan(6);
        server.clearLog();
        try (S3Source s = lister.open(f)) {
            assertThat(s.size()).isEqualTo(f.size());
            assertThat(new String(s.read(0, f.size(), "all"))).isEqualTo("t/y=2023/m=1/b.parquet");
        }
        assertThat(server.log()).extracting(S3Server.Logged::method).containsExactly("GET");
    }

    @Test
    void pagesAreFollowed() throws Exception {
        int before = lister.requests().size();
        assertThat(list("s3://" + S3Server.BUCKET + "/many/")).hasSize(1005);
        assertThat(lister.requests().size() - before).isEqualTo(2);
    }

    @Test
    void keysKeepTheirEscapesForThePartitionParser() throws Exception {
        List<ListedFile> files = new Listing(List.of(lister), null).list(List.of("s3://" + S3Server.BUCKET + "/u/"));
        assertThat(HivePartitioning.of(files, Map.of()).values().get(0)).containsExactly("a/b");
    }

    @Test
    void anEmptyPrefixIsAClearError() {
        assertThatThrownBy(() -> list("s3://" + S3Server.BUCKET + "/nothing/"))
                .isInstanceOf(DatasetException.class).hasMessageContaining("nothing");
    }
}
