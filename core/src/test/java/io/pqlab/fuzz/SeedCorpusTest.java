package io.pqlab.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every fuzz target has a committed seed corpus to replay: without one, its regression run would
 * test only the empty input and pass all the same.
 */
class SeedCorpusTest {
    private static final Class<?>[] TARGETS = {ThriftFuzzTest.class, FileFuzzTest.class, FooterFuzzTest.class,
        PageWalkerFuzzTest.class, DecodeFuzzTest.class, SchemaFuzzTest.class, ConditionFuzzTest.class,
        EncryptedFuzzTest.class, DatasetFuzzTest.class, NativeCodecFuzzTest.class};

    @Test
    void everyTargetHasSeeds() throws IOException {
        int targets = 0;
        for (Class<?> c : TARGETS) {
            Path dir = Seeds.ROOT.resolve(c.getSimpleName() + "Inputs");
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(FuzzTest.class)) {
                    targets++;
                    long n = count(dir, 1) + count(dir.resolve(m.getName()), Integer.MAX_VALUE);
                    assertThat(n).as(c.getSimpleName() + "#" + m.getName() + " seeds").isGreaterThanOrEqualTo(5);
                }
            }
        }
        assertThat(targets).isEqualTo(17);
    }

    private static long count(Path dir, int depth) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.walk(dir, depth)) {
            return s.filter(Files::isRegularFile).count();
        }
    }
}
