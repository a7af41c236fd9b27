package io.pqlab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API names public types only: no public or protected member of a public type in a
 * public package (docs/design/api.md's table) mentions an {@code io.pqlab.internal} type, in its
 * parameters, results, exceptions, fields, supertypes or their type arguments. A caller can then
 * build on the public packages without depending on what is free to change.
 */
class PublicApiTest {
    static final List<String> PUBLIC_PACKAGES = List.of("io.pqlab", "io.pqlab.io", "io.pqlab.schema",
            "io.pqlab.predicate", "io.pqlab.plan", "io.pqlab.scan");

    @Test
    void publicSignaturesNameNoInternalType() throws Exception {
        List<Class<?>> types = publicTypes();
        assertThat(types).as("the public packages' classes were found").hasSizeGreaterThan(40)
                .contains(ParquetFile.class, Query.class, io.pqlab.scan.RowBatch.class, io.pqlab.plan.Plan.class);
        Set<String> found = new TreeSet<>();
        for (Class<?> c : types) {
            check(c.getName() + " extends", c.getGenericSuperclass(), found);
            for (Type i : c.getGenericInterfaces()) {
                check(c.getName() + " implements", i, found);
            }
            for (Method m : c.getDeclaredMethods()) {
                if (exposed(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                    check(m, found);
                    check(describe(m), m.getGenericReturnType(), found);
                }
            }
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (exposed(k.getModifiers()) && !k.isSynthetic()) {
                    check(k, found);
                }
            }
            for (Field f : c.getDeclaredFields()) {
                if (exposed(f.getModifiers()) && !f.isSynthetic()) {
                    check(c.getName() + "." + f.getName(), f.getGenericType(), found);
                }
            }
        }
        assertThat(found).as("public members that mention io.pqlab.internal types").isEmpty();
    }

    /** The check sees an internal type where one is named (so that it can fail). */
    @Test
    void theCheckSeesAnInternalType() {
        Set<String> found = new TreeSet<>();
        check("sample", Sample.class.getDeclaredMethods()[0].getGenericReturnType(), found);
        assertThat(found).hasSize(1);
    }

    interface Sample {
        List<? extends io.pqlab.internal.format.Footer> footers();
    }

    private static boolean exposed(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static void check(Executable e, Set<String> found) {
        for (Type p : e.getGenericParameterTypes()) {
            check(describe(e), p, found);
        }
        for (Type x : e.getGenericExceptionTypes()) {
            check(describe(e), x, found);
        }
    }

    private static String describe(Executable e) {
        return e.getDeclaringClass().getName() + "." + e.getName() + e.getParameterCount();
    }

    private static void check(String where, Type t, Set<String> found) {
        walk(t, new HashSet<>(), n -> found.add(where + ": " + n));
    }

    private static void walk(Type t, Set<Type> seen, java.util.function.Consumer<String> internal) {
        if (t == null || !seen.add(t)) {
            return;
        }
        if (t instanceof Class<?> c) {
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.getName().startsWith("io.pqlab.internal.")) {
                internal.accept(c.getName());
            }
        } else if (t instanceof ParameterizedType p) {
            walk(p.getRawType(), seen, internal);
            for (Type a : p.getActualTypeArguments()) {
                walk(a, seen, internal);
            }
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                walk(b, seen, internal);
            }
            for (Type b : w.getLowerBounds()) {
                walk(b, seen, internal);
            }
        } else if (t instanceof GenericArrayType a) {
            walk(a.getGenericComponentType(), seen, internal);
        } else if (t instanceof TypeVariable<?> v) {
            for (Type b : v.getBounds()) {
                walk(b, seen, internal);
            }
        }
    }

    /** Every public class of the public packages, nested ones too where all their outers are public. */
    static List<Class<?>> publicTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(ParquetFile.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Class<?>> out = new ArrayList<>();
        for (String pkg : PUBLIC_PACKAGES) {
            Path dir = root.resolve(pkg.replace('.', '/'));
            List<Path> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
            }
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (name.equals("package-info.class") || name.equals("module-info.class")) {
                    continue;
                }
                Class<?> c = Class.forName(pkg + "." + name.substring(0, name.length() - 6), false,
                        ParquetFile.class.getClassLoader());
                if (!c.isAnonymousClass() && !c.isLocalClass() && !c.isSynthetic() && visible(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static boolean visible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers())) {
                return false;
            }
        }
        return true;
    }
}
