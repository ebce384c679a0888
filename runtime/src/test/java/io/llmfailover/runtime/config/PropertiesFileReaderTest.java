package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PropertiesFileReaderTest {

    @ParameterizedTest(name = "[{0}] -> key [{1}] value [{2}]")
    @CsvSource(delimiter = '|', value = {
        "a = b                                | a                      | b",
        "a=b                                  | a                      | b",
        "a: b                                 | a                      | b",
        "a:b                                  | a                      | b",
        "a = http://h:80/p?x=1                | a                      | http://h:80/p?x=1",
        "a: http://h/p?x=1                    | a                      | http://h/p?x=1",
        "m.model.llama:free = x               | m.model.llama:free     | x",
        "a = b # comment                      | a                      | b",
        "a = b#not-a-comment                  | a                      | b#not-a-comment",
        "a=#fff                               | a                      | #fff",
        "a =   # only a comment               | a                      | ''",
        "a =                                  | a                      | ''",
        "'  a   =   spaced value  '           | a                      | spaced value",
    })
    void splitsKeyAndValueAndDropsTrailingComments(String line, String key, String value) {
        ConfigProblems problems = new ConfigProblems();

        List<ConfigEntry> entries = PropertiesFileReader.parse(List.of(line), "f.properties", problems);

        assertTrue(problems.isEmpty());
        assertEquals(List.of(ConfigEntry.written(key, value, "f.properties:1")), entries);
    }

    @ParameterizedTest(name = "[{0}] is skipped")
    @CsvSource(delimiter = '|', value = {"''", "'   '", "# comment", "! comment", "'   # indented'", "'\uFEFF# after a BOM'"})
    void skipsBlankLinesAndComments(String line) {
        ConfigProblems problems = new ConfigProblems();

        assertEquals(List.of(), PropertiesFileReader.parse(List.of(line), "f.properties", problems));
        assertTrue(problems.isEmpty());
    }

    @ParameterizedTest(name = "line {1} of a file keeps its number")
    @CsvSource({"first, 1", "second, 3", "third, 6"})
    void remembersTheLineOfEveryKey(String key, int line) {
        List<String> lines = List.of("first = 1", "", "second = 2", "# c", "! c", "third = 3");

        List<ConfigEntry> entries = PropertiesFileReader.parse(lines, "f.properties", new ConfigProblems());

        assertEquals("f.properties:" + line,
                entries.stream().filter(e -> e.key().equals(key)).findFirst().orElseThrow().where());
    }
}
