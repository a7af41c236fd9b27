package io.pqlab.internal.dataset;

import io.pqlab.io.ListedFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.DatasetException;
import io.pqlab.internal.net.RangeServer;
import io.pqlab.io.RetryPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Listing local directories, globs and HTTP list files: which files are taken, in which order,
 * with what identity. The expected sets are written out by hand from the layouts made here.
 */
class ListingTest {
    @TempDir
    Path dir;

    private Path touch(String rel) throws IOException {
        Path p = dir.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.write(p, rel.getBytes());
        return p;
    }

    private void layout() throws IOException {
        touch("b.parquet");
        touch("a.parquet");
        touch("year=2024/month=1/p0.parquet");
        touch("year=2024/month=2/p0.parquet");
        touch("year=2023/month=12/p1.parquet");
        touch("year=2023/month=12/p1.txt");
        touch("_SUCCESS");
        touch("_metadata");
        touch("_common_metadata");
        touch(".hidden.parquet");
        touch("year=2024/.part-0.parquet.crc");
        touch("_temporary/0/p.parquet");
        touch(".git/x.parquet");
        touch("_k=1/kept.parquet"); // Spark keeps a "_name" holding "=": a partition
    }

    private List<String> names(List<ListedFile> files) {
        String base = dir.toString() + "/";
        return files.stream().map(f -> f.location().substring(base.length())).toList();
    }

    @Test
    void directoryIsEveryVisibleParquetFileBelowItSortedByPath() throws IOException {
        layout();
        touch("README.md");
        touch("year=2024/notes.csv");
        touch("year=2024/month=1/p1.PQ");
        touch("year=2024/month=1/p2.parq");
        List<ListedFile> files = Listing.local().list(List.of(dir.toString()));
        // p1.txt, README.md and notes.csv are not Parquet names: a directory leaves them out
        assertThat(names(files)).containsExactly("_k=1/kept.parquet", "a.parquet", "b.parquet",
                "year=2023/month=12/p1.parquet", "year=2024/month=1/p0.parquet", "year=2024/month=1/p1.PQ",
                "year=2024/month=1/p2.parq", "year=2024/month=2/p0.parquet");
        for (ListedFile f : files) {
            Path p = Path.of(f.location());
            assertThat(f.size()).isEqualTo(Files.size(p));
            assertThat(f.version()).startsWith("mtime:");
        }
        // a trailing slash names the same directory, with the same locations
        assertThat(Listing.local().list(List.of(dir + "/"))).isEqualTo(files);
    }

    @Test
    void globsMatchStarsQuestionMarksSetsAndDoubleStars() throws IOException {
        layout();
        Listing l = Listing.local();
        assertThat(names(l.list(List.of(dir + "/*.parquet")))).containsExactly("a.parquet", "b.parquet");
        assertThat(names(l.list(List.of(dir + "/**/*.parquet")))).containsExactly("_k=1/kept.parquet", "a.parquet",
                "b.parquet", "year=2023/month=12/p1.parquet", "year=2024/month=1/p0.parquet",
                "year=2024/month=2/p0.parquet");
        assertThat(names(l.list(List.of(dir + "/year=2024/*/p?.parquet")))).containsExactly(
                "year=2024/month=1/p0.parquet", "year=2024/month=2/p0.parquet");
        assertThat(names(l.list(List.of(dir + "/year=202[3]/**")))).containsExactly(
                "year=2023/month=12/p1.parquet", "year=2023/month=12/p1.txt");
        assertThat(names(l.list(List.of(dir + "/[!a].parquet")))).containsExactly("b.parquet");
        assertThat(names(l.list(List.of(dir + "/year=*/month=1?/*.parquet")))).containsExactly(
                "year=2023/month=12/p1.parquet");
    }

    @Test
    void severalLocationsAreMergedSortedAndListedOnce() throws IOException {
        layout();
        List<ListedFile> files = Listing.local().list(List.of(dir + "/b.parquet", dir + "/*.parquet",
                dir + "/year=2023"));
        assertThat(names(files)).containsExactly("a.parquet", "b.parquet", "year=2023/month=12/p1.parquet");
        // a glob takes what it matches, whatever the extension
        assertThat(names(Listing.local().list(List.of(dir + "/year=2023/**/*.txt")))).containsExactly(
                "year=2023/month=12/p1.txt");
    }

    @Test
    void aFileNamedExactlyIsTakenEvenIfHidden() throws IOException {
        layout();
        assertThat(names(Listing.local().list(List.of(dir + "/_metadata")))).containsExactly("_metadata");
    }

    @Test
    void anEmptyMatchIsAClearError() throws IOException {
        layout();
        assertThatThrownBy(() -> Listing.local().list(List.of(dir + "/*.csv")))
                .isInstanceOf(DatasetException.class)
                .hasMessageContaining("no Parquet file matches " + dir + "/*.csv");
        Files.createDirectories(dir.resolve("empty/.x"));
        touch("empty/_SUCCESS");
        assertThatThrownBy(() -> Listing.local().list(List.of(dir + "/empty")))
                .isInstanceOf(DatasetException.class).hasMessageContaining("skipped");
        assertThatThrownBy(() -> Listing.local().list(List.of(dir + "/nope.parquet")))
                .isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> Listing.local().list(List.of()))
                .isInstanceOf(DatasetException.class);
        assertThatThrownBy(() -> Listing.local().list(List.of("gs://bucket/x/")))
                .isInstanceOf(DatasetException.class).hasMessageContaining("gs://");
    }

    @Test
    void aChangedFileHasAnotherVersion() throws IOException {
        Path p = touch("a.parquet");
        ListedFile before = Listing.local().list(List.of(p.toString())).get(0);
        Files.setLastModifiedTime(p, FileTime.fromMillis(Files.getLastModifiedTime(p).toMillis() + 5000));
        ListedFile after = Listing.local().list(List.of(p.toString())).get(0);
        assertThat(after.size()).isEqualTo(before.size());
        assertThat(after.version()).isNotEqualTo(before.version());
    }

    @Test
    void anHttpListFileNamesUrlsEachWithItsSizeAndEtag() throws Exception {
        layout();
        try (RangeServer server = new RangeServer(dir)) {
            String a = server.url(dir.resolve("a.parquet"));
            String b = server.url(dir.resolve("year=2024/month=1/p0.parquet"));
            Files.writeString(dir.resolve("list.txt"), "# the files\n" + b + "\n\n" + a + "\r\nb.parquet\n");
            Listing l = new Listing(List.of(), new HttpLister(RetryPolicy.DEFAULT, 4));
            List<ListedFile> files = l.list(List.of(server.url(dir.resolve("list.txt"))));
            assertThat(files).extracting(ListedFile::location).containsExactly(a,
                    server.url(dir.resolve("b.parquet")), b);
            assertThat(files.get(0).size()).isEqualTo(Files.size(dir.resolve("a.parquet")));
            assertThat(files).allSatisfy(f -> assertThat(f.version()).matches("(etag|modified):.+"));
            // a URL ending in .parquet is one file
            assertThat(l.list(List.of(a))).extracting(ListedFile::location).containsExactly(a);
            Files.writeString(dir.resolve("bad.txt"), "ftp://x/y.parquet\n");
            assertThatThrownBy(() -> l.list(List.of(server.url(dir.resolve("bad.txt")))))
                    .isInstanceOf(DatasetException.class).hasMessageContaining("line 1");
        }
    }

    /**
     * Found by DatasetFuzzTest: {@code [!]} and {@code [z-a]} made regular expressions that do not
     * compile (PatternSyntaxException). A {@code ]} first in a set is now a member, as in the shell,
     * and a backwards range is refused.
     */
    @Test
    void setsAsTheShellReadsThem() {
        assertThat(Glob.of("t/[!]x]/*.p").matches("t/y/a.p")).isTrue();
        assertThat(Glob.of("t/[!]x]/*.p").matches("t/]/a.p")).isFalse();
        assertThat(Glob.of("t/[]]/*.p").matches("t/]/a.p")).isTrue();
        assertThat(Glob.of("t/[!]/*.p").matches("t/[!]/a.p")).isTrue(); // no closing bracket: literal
        assertThat(Glob.of("t/[a-b-]/*.p").matches("t/-/a.p")).isTrue();
        assertThat(Glob.of("t/[\\^$.]/*.p").matches("t/$/a.p")).isTrue();
        assertThatThrownBy(() -> Glob.of("t/[z-a]/*.parquet")).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith("not a valid glob: t/[z-a]/*.parquet");
    }

    /** Found by DatasetFuzzTest: 70 stars in a name hung the match (a [^/]* each, backtracking). */
    @Test
    void aRunOfStarsIsOneStar() {
        assertThat(Glob.toRegex("t/a" + "*".repeat(70) + "&*+***#*uet")).isEqualTo(Glob.toRegex("t/a*&*+*#*uet"));
        assertThat(Glob.of("t/" + "*".repeat(70) + "x.p").matches("t/" + "y".repeat(200))).isFalse();
        assertThat(Glob.of("t/***/x.p").matches("t/d/x.p")).isTrue();
        assertThat(Glob.of("t/**/x.p").matches("t/d/e/x.p")).isTrue();
    }

    @Test
    void globTranslation() {
        assertThat(Glob.of("a/**/b*.p").matches("a/b1.p")).isTrue();
        assertThat(Glob.of("a/**/b*.p").matches("a/x/y/b1.p")).isTrue();
        assertThat(Glob.of("a/*.p").matches("a/x/b.p")).isFalse();
        assertThat(Glob.of("a/x.p").matches("a/x.p")).isTrue();
        assertThat(Glob.of("a/x+(1).p").matches("a/x+(1).p")).isTrue(); // regex characters are literal
        assertThat(Glob.of("a/[a-c]").matches("a/b")).isTrue();
        assertThat(Glob.of("a/[a-c]").matches("a/d")).isFalse();
        assertThat(Glob.of("a/[^a-c]").matches("a/d")).isTrue();
        assertThat(Glob.of("a/[").matches("a/[")).isTrue();
        assertThat(Glob.of("d/x=1/*/y?.p").base()).isEqualTo("d/x=1/");
        assertThat(Glob.of("*.p").base()).isEqualTo("");
        assertThat(Glob.isGlob("a/b.parquet")).isFalse();
    }
}
