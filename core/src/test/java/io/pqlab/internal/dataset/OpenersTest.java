package io.pqlab.internal.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.io.ByteSource;
import io.pqlab.io.ListedFile;
import io.pqlab.io.RemoteReadException;
import io.pqlab.io.RetryPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local file opened after it was listed is the listed file: what was kept from the listing (a
 * footer in the metadata cache, what Spark's driver hands a task) is never paired with bytes
 * written since, even when the size stayed the same.
 */
class OpenersTest {
    @TempDir
    Path dir;

    @Test
    void aFileRewrittenWithTheSameSizeAfterItsListingIsRefused() throws Exception {
        Path f = dir.resolve("a.parquet");
        Files.write(f, new byte[] {1, 2, 3, 4});
        Files.setLastModifiedTime(f, FileTime.fromMillis(1_000_000));
        ListedFile listed = Listing.local().list(List.of(f.toString())).get(0);
        CachingSource.Opener opener = Openers.of(List.of(), RetryPolicy.DEFAULT);
        try (ByteSource s = opener.open(listed)) {
            assertThat(s.size()).isEqualTo(4);
        }

        Files.write(f, new byte[] {5, 6, 7, 8});
        Files.setLastModifiedTime(f, FileTime.fromMillis(2_000_000));
        assertThatThrownBy(() -> opener.open(listed))
                .isInstanceOf(RemoteReadException.class)
                .hasMessageContaining(f.toString())
                .hasMessageContaining("changed after it was listed");
    }
}
