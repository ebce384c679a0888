package io.llmfailover.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** {@code @ExtendWith} on a test class that runs a child JVM with its clock ahead ({@link ChildJvm#clockAhead}). */
final class LibfaketimeInstalled extends MachineRequirement {

    static final String MISSING = "libfaketime is not installed, and the hostile fleet's test sets a clock ahead with it:"
            + " apt-get install faketime";

    LibfaketimeInstalled() {
        super(MISSING, () -> library().isPresent());
    }

    /** Where Debian and Ubuntu's package puts it, on either architecture, or a build of one's own. */
    static Optional<Path> library() {
        return Stream.of("/usr/lib/x86_64-linux-gnu/faketime", "/usr/lib/aarch64-linux-gnu/faketime",
                        "/usr/lib/faketime", "/usr/local/lib/faketime")
                .map(directory -> Path.of(directory, "libfaketime.so.1"))
                .filter(Files::isReadable)
                .findFirst();
    }
}
