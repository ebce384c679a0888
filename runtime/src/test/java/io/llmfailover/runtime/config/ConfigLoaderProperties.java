package io.llmfailover.runtime.config;

import static io.llmfailover.runtime.testing.Generator.anyText;
import static io.llmfailover.runtime.testing.Generator.elementOf;
import static io.llmfailover.runtime.testing.Generator.listOf;
import static io.llmfailover.runtime.testing.Generator.oneOf;
import static io.llmfailover.runtime.testing.Generator.strings;
import static io.llmfailover.runtime.testing.Generator.weighted;
import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.testing.Generator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The config file over generated lines (tries and seed: see {@link io.llmfailover.runtime.testing.Tries}):
 * whatever is written, loading gives a config or a {@link ConfigException} that names the file,
 * and never shows a credential.
 */
class ConfigLoaderProperties {

    private static final Map<String, String> ENV = Map.of("OPENAI_KEY", "sk-from-env", "EMPTY", "", "WINDOW", "10s");
    /** A key, a separator or just a space, and a credential: the shape a shrunk counterexample must keep. */
    private static final Pattern KEY_AND_CREDENTIAL = Pattern.compile("[a-z0-9._-]+(?:\\s*[=:]\\s*|\\s+)(sk-proj-[A-Za-z0-9]+)");

    /** The contract's example, the valid file that mutations start from. */
    private static final List<String> EXAMPLE = List.of(
            "provider.openai.url        = https://api.openai.com",
            "provider.openai.protocol   = openai            # openai | anthropic | gemini",
            "provider.deepseek.url      = https://api.deepseek.com",
            "provider.deepseek.api-key  = ${OPENAI_KEY}",
            "provider.deepseek.model.gpt-4o = deepseek-chat  # model the app asked for -> model sent here",
            "provider.deepseek.model.*  = deepseek-chat",
            "provider.claude.url        = https://api.anthropic.com",
            "provider.claude.protocol   = anthropic",
            "provider.claude.api-keys   = sk-test-1, sk-test-2",
            "provider.claude.model.*    = claude-sonnet-4-5",
            "route.chat.match = openai/gpt-4o*",
            "route.chat.chain = openai, claude, deepseek",
            "route.default.match = openai",
            "route.default.chain = openai, deepseek",
            "breaker.failure-rate = 0.5",
            "breaker.minimum-calls = 20",
            "breaker.window = 10s",
            "breaker.consecutive-failures = 3",
            "breaker.open-duration = 5s",
            "breaker.half-open-probes = 3",
            "throttle.enabled = true",
            "throttle.max-silence = 10m",
            "timeout.first-byte = 2s",
            "buffer.max-bytes = 8mb",
            "failover.on = 429, 500, 502, 503, 504, 529, timeout, connect",
            "agent.log = stderr",
            "translation.default-max-tokens = 4096",
            "otel.service.name = my-service");

    @TempDir
    Path workDir;

    @Test
    void anyLinesGiveAConfigOrAConfigExceptionNamingTheFile() {
        forAll(oneOf(configLines(), editedExample()), this::assertLoadsOrNamesTheFile);
    }

    @Test
    void anyBytesGiveAConfigOrAConfigExceptionNamingTheFile() {
        forAll(oneOf(Generator.anyBytes(300), random -> String.join("\n", editedExample().next(random))
                .getBytes(StandardCharsets.UTF_16)), bytes -> {
            Files.write(file(), bytes);
            assertLoadsOrNamesTheFile();
        });
    }

    @Test
    void aCredentialUnderAMisspeltKeyNeverAppearsInTheMessage() {
        Generator<List<String>> lines = random -> {
            List<String> file = new ArrayList<>(listOf(configLine(), 4).next(random));
            file.add(random.nextInt(file.size() + 1), misspeltCredentialLine().next(random));
            return file;
        };
        forAll(lines, file -> {
            String message = messageOf(file);
            for (String line : file) {
                Matcher written = KEY_AND_CREDENTIAL.matcher(line);
                if (written.matches()) {
                    assertFalse(message.contains(written.group(1)), message);
                }
            }
        });
    }

    /** Found by the property above as {@code provider.localapi-kesy=sk-proj-…}: a provider key without a dot showed its value. */
    @Test
    void shrunkCounterexample_anUnknownProviderKeyShowsNoValue() throws IOException {
        String message = messageOf(List.of("provider.=sk-proj-Z"));

        assertTrue(message.contains(file() + ":1: provider.: unknown key; expected provider.<name>.url"), message);
        assertFalse(message.contains("sk-proj-Z"), message);
    }

    /** Found by the property above as {@code p.ro3vider.local.api-key sk-proj-…}: a line without a separator was shown whole. */
    @Test
    void shrunkCounterexample_aLineWithoutASeparatorShowsOnlyItsFirstWord() throws IOException {
        String message = messageOf(List.of("y sk-proj-L"));

        assertTrue(message.contains(file() + ":1: y …: not a setting; expected key = value"), message);
        assertFalse(message.contains("sk-proj-L"), message);
    }

    private void assertLoadsOrNamesTheFile(List<String> lines) throws IOException {
        write(lines);
        assertLoadsOrNamesTheFile();
    }

    private void assertLoadsOrNamesTheFile() {
        try {
            ConfigLoader.load(null, ENV, new Properties(), workDir);
        } catch (ConfigException e) {
            assertTrue(e.getMessage().contains(file().toString()), e.getMessage());
        }
    }

    /** The message of loading these lines, or "" when they load. */
    private String messageOf(List<String> lines) throws IOException {
        write(lines);
        try {
            ConfigLoader.load(null, ENV, new Properties(), workDir);
            return "";
        } catch (ConfigException e) {
            return e.getMessage();
        }
    }

    /** As UTF-8, a lone surrogate written as '?'. */
    private void write(List<String> lines) throws IOException {
        Files.write(file(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private Path file() {
        return workDir.resolve(ConfigFileLookup.DEFAULT_FILE_NAME);
    }

    private static Generator<List<String>> configLines() {
        return listOf(configLine(), 12);
    }

    /** One line: a setting of a known, nearly known or unknown key, a comment, or anything at all. */
    private static Generator<String> configLine() {
        Generator<String> setting = random -> key().next(random) + separator().next(random) + value().next(random)
                + (random.nextInt(5) == 0 ? " # " + anyText(10).next(random) : "");
        return weighted(
                8, setting,
                1, anyText(60),
                1, elementOf("", "# comment", "! comment", "\uFEFFbreaker.window = 10s", "=", ":", " = value", "key", "\t"));
    }

    private static Generator<String> key() {
        Generator<String> provider = random -> "provider." + elementOf("openai", "anthropic", "local", "gcp.gemini", "", "x.model")
                .next(random) + "." + elementOf("url", "protocol", "api-key", "api-keys", "model.*", "model.gpt-4o", "model.", "ulr")
                .next(random);
        Generator<String> route = random -> "route." + elementOf("chat", "default", "", "a.b").next(random) + "."
                + elementOf("match", "chain", "chian", "").next(random);
        Generator<String> known = oneOf(elementOf(List.copyOf(KnownKeys.SETTINGS)), provider, route,
                elementOf("otel.service.name", "otel.exporter.otlp.endpoint", "marker", "provider", "route", "provider.", "route."));
        return weighted(6, known, 2, edited(known, "abcdefghijklmnopqrstuvwxyz0123456789.-_*"), 1, anyText(20));
    }

    private static Generator<String> separator() {
        return elementOf(" = ", "=", ": ", ":", " =", "= ", " :  ");
    }

    /** Values of every type the keys take, at and beyond their bounds, and garbage. */
    private static Generator<String> value() {
        return oneOf(
                elementOf("10s", "0s", "-1s", "2m", "1h", "500ms", "10", "9999999999999999999h", "1.5s", "PT10S", "s"),
                elementOf("true", "false", "TRUE", "yes", ""),
                elementOf("0.5", "50%", "150%", "0", "NaN", "Infinity", "1e309%", "-0.5", "%", "0x1p-3"),
                elementOf("429, 500, timeout", "401", "0", "999", ",", "429,,connect", "-1", "2147483648"),
                elementOf("1", "64", "-1", "0", "2147483647", "2147483648", "-2147483649", "99999999999999999999"),
                elementOf("8mb", "10 GB", "-1kb", "1tb", "9223372036854775807", "9223372036854775807kb", "mb"),
                elementOf("http://127.0.0.1:8080", "https://api.anthropic.com", "ftp://x", "http://[::1", "http://h:99999",
                        "https://generativelanguage.googleapis.com/v1beta", "http://", "not a url", "https://api.openai.com/v1?x=1#f"),
                elementOf("openai", "anthropic", "gemini", "antropic", "openai/gpt-4o*", "/", "openai/", "openai, claude",
                        "local, local", "nobody", "openai, deepseek, claude"),
                elementOf("${OPENAI_KEY}", "${", "${}", "${UNSET}", "a${WINDOW}b", "${ OPENAI_KEY }", "$${X}", "${EMPTY}"),
                elementOf("stderr", "jul", "off", "syslog", "debug", "TRACE"),
                random -> "sk-test-" + strings("abcXYZ0189", 30).next(random),
                anyText(30));
    }

    /** The example with some lines dropped, repeated or swapped, and some characters edited. */
    private static Generator<List<String>> editedExample() {
        return random -> {
            List<String> lines = new ArrayList<>(EXAMPLE);
            for (int edits = 1 + random.nextInt(4); edits > 0; edits--) {
                int at = random.nextInt(lines.size());
                switch (random.nextInt(4)) {
                    case 0 -> lines.remove(at);
                    case 1 -> lines.add(random.nextInt(lines.size()), lines.get(at));
                    case 2 -> lines.set(at, editText(random, lines.get(at), " =:#!${}.,%/*\t\u0000\uFEFFabc019"));
                    default -> lines.add(at, configLine().next(random));
                }
                if (lines.isEmpty()) {
                    lines.add(configLine().next(random));
                }
            }
            return lines;
        };
    }

    /** {@code key = sk-proj-…} where the key is a credential key with one or two typos, the separator perhaps forgotten. */
    private static Generator<String> misspeltCredentialLine() {
        Generator<String> credentialKey = elementOf("provider.local.api-key", "provider.local.api-keys", "provider.openai.api-key",
                "provider.gcp.gemini.api-keys", "provider.anthropic.api-key");
        Generator<String> misspelt = edited(edited(credentialKey, "abcdefghijklmnopqrstuvwxyz0123456789.-_"),
                "abcdefghijklmnopqrstuvwxyz0123456789.-_");
        return random -> misspelt.next(random) + elementOf(" = ", "=", ": ", ":", " ").next(random)
                + "sk-proj-" + strings("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 40).next(random) + "Z";
    }

    /** The text with one character inserted, deleted, replaced, or two swapped; new ones from {@code alphabet}. */
    private static Generator<String> edited(Generator<String> text, String alphabet) {
        return random -> editText(random, text.next(random), alphabet);
    }

    private static String editText(Random random, String text, String alphabet) {
        char c = alphabet.charAt(random.nextInt(alphabet.length()));
        if (text.length() < 2) {
            return text + c;
        }
        int at = random.nextInt(text.length() - 1);
        return switch (random.nextInt(4)) {
            case 0 -> text.substring(0, at) + c + text.substring(at);
            case 1 -> text.substring(0, at) + text.substring(at + 1);
            case 2 -> text.substring(0, at) + c + text.substring(at + 1);
            default -> text.substring(0, at) + text.charAt(at + 1) + text.charAt(at) + text.substring(at + 2);
        };
    }
}
