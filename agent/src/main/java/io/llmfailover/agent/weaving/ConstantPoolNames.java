package io.llmfailover.agent.weaving;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Whether a class file names one of a few classes, read from its constant pool alone: the entries
 * are stepped over by their tags, and only a text entry of the right length is compared, so a class
 * costs a walk over its constant pool and nothing is parsed or allocated. A class file that does
 * not read as one names nothing.
 */
final class ConstantPoolNames {

    private static final int MAGIC = 0xCAFEBABE;
    private static final int FIRST_ENTRY = 10;

    private final byte[][] names;

    /** @param internalNames class names as a class file writes them, {@code java/net/HttpURLConnection} */
    ConstantPoolNames(List<String> internalNames) {
        this.names = internalNames.stream().map(name -> name.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    /** @return the index of the first of the names the class file's constant pool holds, or -1 */
    int firstNamedIn(byte[] classFile) {
        if (classFile == null || classFile.length < FIRST_ENTRY || readInt(classFile, 0) != MAGIC) {
            return -1;
        }
        int count = readShort(classFile, 8);
        int at = FIRST_ENTRY;
        for (int index = 1; index < count; index++) {
            if (at >= classFile.length) {
                return -1;
            }
            int tag = classFile[at];
            if (tag == 1) {
                int length = readShort(classFile, at + 1);
                int named = nameAt(classFile, at + 3, length);
                if (named >= 0) {
                    return named;
                }
                at += 3 + length;
                continue;
            }
            int size = entrySize(tag);
            if (size < 0) {
                return -1;
            }
            if (tag == 5 || tag == 6) {
                index++; // a long or a double takes two entries
            }
            at += size;
        }
        return -1;
    }

    private int nameAt(byte[] classFile, int start, int length) {
        if (start + length > classFile.length) {
            return -1;
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].length == length && Arrays.equals(classFile, start, start + length, names[i], 0, length)) {
                return i;
            }
        }
        return -1;
    }

    /** The whole size of an entry that is not text, its tag included; -1 for a tag this reader does not know. */
    private static int entrySize(int tag) {
        return switch (tag) {
            case 7, 8, 16, 19, 20 -> 3; // Class, String, MethodType, Module, Package
            case 15 -> 4; // MethodHandle
            case 3, 4, 9, 10, 11, 12, 17, 18 -> 5; // Integer, Float, the refs, NameAndType, (Invoke)Dynamic
            case 5, 6 -> 9; // Long, Double
            default -> -1;
        };
    }

    private static int readShort(byte[] bytes, int at) {
        return at + 1 < bytes.length ? ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF) : 0;
    }

    private static int readInt(byte[] bytes, int at) {
        return (readShort(bytes, at) << 16) | readShort(bytes, at + 2);
    }
}
