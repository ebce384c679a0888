package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class JdkHttpInstrumentationTest {

    private static final String MODULE_ROOT = "/modules/java.net.http/";

    /** The hooked classes are named exactly, instead of matched on their hierarchy: this keeps the names honest on every JDK the tests run on. */
    @Test
    void hooksEveryHttpClientImplementationOfTheJdk() throws IOException {
        assertEquals(httpClientImplementations(), new TreeSet<>(new JdkHttpInstrumentation().typeNames()));
    }

    private static Set<String> httpClientImplementations() throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Set<String> implementations = new TreeSet<>();
        try (Stream<Path> files = Files.walk(jrt.getPath(MODULE_ROOT))) {
            files.map(Path::toString)
                    .filter(file -> file.endsWith(".class") && !file.endsWith("module-info.class"))
                    .map(file -> file.substring(MODULE_ROOT.length(), file.length() - ".class".length()).replace('/', '.'))
                    .filter(JdkHttpInstrumentationTest::isHttpClientImplementation)
                    .forEach(implementations::add);
        }
        return implementations;
    }

    private static boolean isHttpClientImplementation(String className) {
        try {
            Class<?> type = Class.forName(className, false, ClassLoader.getPlatformClassLoader());
            return type != HttpClient.class && HttpClient.class.isAssignableFrom(type);
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
