package io.pqlab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Decryption;
import io.pqlab.ParquetFile;
import io.pqlab.oracle.EncryptedFiles;
import io.pqlab.oracle.EncryptedFiles.Mode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plans over files parquet-java encrypted, in every mode, held to the data as the planner
 * soundness test holds plaintext files (every matching row in a kept page, read): with the keys,
 * and, for plaintext footers, without them (encrypted columns then cannot be judged).
 */
class EncryptedPlanSoundnessTest {
    @TempDir
    static Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.oracle.EncryptedFiles#modes")
    void plansWithTheKeysAreSound(Mode m) throws IOException {
        Path path = EncryptedFiles.write(dir, m);
        long plans = PlannerSoundnessTest.check(path, 80, m.name().hashCode(), EncryptedFiles.keys(m));
        assertThat(plans).isGreaterThan(80);
        // the encrypted columns' statistics, page index and Bloom filters are used: a selective
        // condition on each skips
        try (ParquetFile f = ParquetFile.open(path, EncryptedFiles.keys(m))) {
            for (String cond : new String[] {"price = 1000.5", "name = 'n7'", "code = 150", "name = 'zz'"}) {
                Plan plan = PlanTesting.plan(f, path, cond, io.pqlab.Mechanism.all(), null);
                assertThat(plan.rowGroups().stream().anyMatch(RowGroupPlan::skipped)).as(cond).isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.oracle.EncryptedFiles#modes")
    void plansWithoutKeysOnAPlaintextFooterAreSoundAndSayWhy(Mode m) throws IOException {
        if (m.encryptedFooter() || (m.aadPrefix() != null && !m.storePrefix())) {
            return; // nothing to open without the footer key / the plan does not need the prefix either
        }
        Path path = EncryptedFiles.write(dir, m);
        PlannerSoundnessTest.check(path, 40, m.name().hashCode(), Decryption.NONE);
        try (ParquetFile f = ParquetFile.open(path, Decryption.NONE)) {
            Plan plan = PlanTesting.plan(f, path, "price = 1000.5", io.pqlab.Mechanism.all(), null);
            assertThat(plan.rowGroups()).allMatch(rg -> !rg.skipped());
            assertThat(plan.toString()).contains("--column-key price=KEY");
            Plan plain = PlanTesting.plan(f, path, "id = 5000", io.pqlab.Mechanism.all(), null);
            assertThat(plain.rowGroups()).allMatch(RowGroupPlan::skipped); // plaintext columns as before
        }
    }
}
