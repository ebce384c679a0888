package io.llmfailover.e2e;

import java.nio.file.Files;
import java.nio.file.Path;

/** A file of this repository, found from wherever the build runs the tests. */
final class RepositoryFile {

    private RepositoryFile() {}

    static Path named(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(name)) && Files.isDirectory(dir.resolve("e2e"))) {
                return dir.resolve(name);
            }
        }
        throw new IllegalStateException(name + " not found above " + Path.of("").toAbsolutePath());
    }
}
