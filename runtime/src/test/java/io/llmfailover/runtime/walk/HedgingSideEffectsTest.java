package io.llmfailover.runtime.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which calls a hedge may send twice: none whose second send would keep, run or bill something again. */
class HedgingSideEffectsTest {

    @ParameterizedTest(name = "{0} {1} -> may run twice: {2}")
    @CsvSource(delimiter = '|', value = {
        // OpenAI chat completions
        "CHAT_COMPLETIONS | {'model':'gpt-4o','messages':[]}                                                  | true",
        "CHAT_COMPLETIONS | {'model':'gpt-4o','store':false,'messages':[]}                                    | true",
        "CHAT_COMPLETIONS | {'model':'gpt-4o','store':true,'messages':[]}                                     | false",
        "CHAT_COMPLETIONS | {'model':'gpt-4o-search-preview','web_search_options':{},'messages':[]}           | false",
        "CHAT_COMPLETIONS | {'model':'gpt-4o','tools':[{'type':'function','function':{'name':'f'}}]}          | true",
        "CHAT_COMPLETIONS | {'model':'gpt-5','tools':[{'type':'custom','custom':{'name':'f'}}]}                | true",
        "CHAT_COMPLETIONS | {'model':'gpt-4o','tools':[{'type':'web_search'}]}                                | false",
        // OpenAI Responses: stores each response by default
        "RESPONSES        | {'model':'gpt-4o','store':false,'input':'hi'}                                     | false",
        "EMBEDDINGS       | {'model':'text-embedding-3-small','input':'hi'}                                   | true",
        // Anthropic messages
        "MESSAGES         | {'model':'claude','max_tokens':10,'messages':[]}                                  | true",
        "MESSAGES         | {'model':'claude','tools':[{'name':'f','input_schema':{}}]}                       | true",
        "MESSAGES         | {'model':'claude','tools':[{'type':'custom','name':'f','input_schema':{}}]}       | true",
        "MESSAGES         | {'model':'claude','tools':[{'type':'bash_20250124','name':'bash'}]}              | true",
        "MESSAGES         | {'model':'claude','tools':[{'type':'text_editor_20250728','name':'e'}]}          | true",
        "MESSAGES         | {'model':'claude','tools':[{'type':'computer_20250124','name':'computer'}]}      | true",
        "MESSAGES         | {'model':'claude','tools':[{'type':'memory_20250818','name':'memory'}]}          | true",
        "MESSAGES         | {'model':'claude','tools':[{'type':'web_search_20250305','name':'web_search'}]}  | false",
        "MESSAGES         | {'model':'claude','tools':[{'type':'web_fetch_20250910','name':'web_fetch'}]}    | false",
        "MESSAGES         | {'model':'claude','tools':[{'type':'code_execution_20250825','name':'c'}]}       | false",
        "MESSAGES         | {'model':'claude','tools':[{'type':'tool_search_tool_regex_20251119'}]}          | false",
        "MESSAGES         | {'model':'claude','mcp_servers':[{'type':'url','url':'https://m','name':'m'}]}   | false",
        "MESSAGES         | {'model':'claude','mcp_servers':[],'messages':[]}                                 | true",
        "MESSAGES         | {'model':'claude','container':'container_1','messages':[]}                       | false",
        // Gemini generateContent
        "GENERATE_CONTENT | {'contents':[]}                                                                   | true",
        "GENERATE_CONTENT | {'tools':[{'functionDeclarations':[{'name':'f'}]}]}                               | true",
        "GENERATE_CONTENT | {'tools':[{'function_declarations':[{'name':'f'}]}]}                              | true",
        "GENERATE_CONTENT | {'tools':[{'codeExecution':{}}]}                                                  | false",
        "GENERATE_CONTENT | {'tools':[{'code_execution':{}}]}                                                 | false",
        "GENERATE_CONTENT | {'tools':[{'googleSearch':{}}]}                                                  | false",
        "GENERATE_CONTENT | {'tools':[{'googleSearchRetrieval':{'dynamicRetrievalConfig':{}}}]}               | false",
        "GENERATE_CONTENT | {'tools':[{'urlContext':{}}]}                                                    | false",
        "GENERATE_CONTENT | {'tools':[{'functionDeclarations':[{'name':'f'}]},{'googleSearch':{}}]}           | false",
        // unreadable: what it asks for is unknown
        "CHAT_COMPLETIONS | not json                                                                          | false",
    })
    void mayRunTwice(Operation operation, String body, boolean expected) {
        SourceRequest source = new SourceRequest(operation, "m", false, null,
                body.replace('\'', '"').getBytes(StandardCharsets.UTF_8));

        assertEquals(expected, Hedging.mayRunTwice(source));
    }
}
