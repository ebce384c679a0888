package io.llmfailover.e2e.apps

import io.ktor.client.HttpClient
import io.ktor.client.engine.cio.CIO
import io.ktor.client.engine.cio.CIOEngineConfig
import io.ktor.client.HttpClientConfig
import io.ktor.client.plugins.HttpRedirect
import io.ktor.client.plugins.HttpTimeout
import io.ktor.client.request.HttpRequestBuilder
import io.ktor.client.request.header
import io.ktor.client.request.post
import io.ktor.client.request.preparePost
import io.ktor.client.request.setBody
import io.ktor.client.statement.HttpResponse
import io.ktor.client.statement.bodyAsChannel
import io.ktor.client.statement.bodyAsText
import io.ktor.http.ContentType
import io.ktor.http.contentType
import io.ktor.http.isSuccess
import io.ktor.utils.io.readUTF8Line
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout

/**
 * An ordinary Kotlin app that calls an OpenAI-compatible endpoint with Ktor's [HttpClient] on the CIO
 * engine, default settings: `bodyAsText()` when blocking, and when streaming a prepared call whose body
 * channel it reads line by line inside `execute`, up to `[DONE]`. Each call runs in `runBlocking`.
 * Args: see [AppArgs].
 *
 * Two JVM options pick a variant: [TIMEOUTS_PROPERTY], the app's own timeouts, and [READ_PROPERTY].
 */
object KtorCioApp {

    /**
     * The app's own timeouts, in milliseconds, comma-separated: `request=`, `socket=` and `connect=`
     * install Ktor's `HttpTimeout` with them, `engine-request=` sets the CIO engine's own
     * `requestTimeout`, and `coroutine=` runs each call inside `withTimeout`.
     */
    const val TIMEOUTS_PROPERTY = "e2e.ktor.timeouts"

    /**
     * `to-end`: a stream is read to the end of its body channel, past `[DONE]`, as an app does that
     * reads lines until `readUTF8Line` answers null.
     */
    const val READ_PROPERTY = "e2e.ktor.read"

    @JvmStatic
    fun main(args: Array<String>) {
        val app = AppArgs.parse(args)
        val timeouts = Timeouts.parse(System.getProperty(TIMEOUTS_PROPERTY, ""))
        client(app, timeouts).use { client ->
            app.plan().run { number -> runBlocking { call(client, app, timeouts, number) } }
        }
        Report.done()
    }

    /**
     * Ktor's `HttpRedirect` plugin, installed by default (`followRedirects = true`), follows only a
     * GET's or a HEAD's redirect; following on also lets it follow a POST's (`checkHttpMethod = false`).
     */
    private fun client(app: AppArgs, timeouts: Timeouts): HttpClient = HttpClient(CIO) {
        engine { timeouts.engineRequest?.let { requestTimeout = it } }
        timeouts.installIn(this)
        if (app.followsRedirects()) {
            followRedirects = true
            install(HttpRedirect) {
                checkHttpMethod = false
            }
        }
    }

    private suspend fun call(client: HttpClient, app: AppArgs, timeouts: Timeouts, number: Int) {
        val url = app.baseUrl() + "/chat/completions"
        try {
            timeouts.within {
                if (app.streaming()) {
                    client.preparePost(url) { chatRequest(app) }.execute { response -> stream(number, response) }
                } else {
                    complete(number, client.post(url) { chatRequest(app) })
                }
            }
        } catch (failure: Exception) {
            ChatExchange.reportFailure(number, failure)
        }
    }

    private fun HttpRequestBuilder.chatRequest(app: AppArgs) {
        header("Authorization", "Bearer " + app.apiKey())
        AppArgs.routeHeader { name, value -> header(name, value) }
        contentType(ContentType.Application.Json)
        setBody(ChatExchange.requestBody(app.streaming()))
    }

    private suspend fun complete(number: Int, response: HttpResponse) {
        val body = response.bodyAsText()
        if (!response.status.isSuccess()) {
            Report.error(number, "HttpStatus", response.status.value.toString(), null, body)
            return
        }
        Report.result(number, response.status.value, provider(response), ContentField.`in`(body))
    }

    private suspend fun stream(number: Int, response: HttpResponse) {
        if (!response.status.isSuccess()) {
            Report.error(number, "HttpStatus", response.status.value.toString(), null, response.bodyAsText())
            return
        }
        val toTheEnd = System.getProperty(READ_PROPERTY) == "to-end"
        val channel = response.bodyAsChannel()
        val content = StringBuilder()
        var index = 0
        while (true) {
            val line = channel.readUTF8Line() ?: break
            if (!line.startsWith("data:")) {
                continue
            }
            val data = line.substring("data:".length).trim()
            if (data == "[DONE]") {
                if (toTheEnd) continue else break
            }
            if (data.startsWith("{\"error\"")) {
                throw ChatExchange.StreamError(data)
            }
            val text = ContentField.`in`(data) ?: continue
            Report.chunk(number, index++, text)
            content.append(text)
        }
        Report.result(number, response.status.value, provider(response), content.toString())
    }

    private fun provider(response: HttpResponse): String? = response.headers[ChatExchange.PROVIDER_HEADER]

    /** The app's own timeouts ([TIMEOUTS_PROPERTY]); null where the app sets none. */
    private class Timeouts(values: Map<String, Long>) {
        val request = values["request"]
        val socket = values["socket"]
        val connect = values["connect"]
        val engineRequest = values["engine-request"]
        val coroutine = values["coroutine"]

        fun installIn(config: HttpClientConfig<CIOEngineConfig>) {
            if (request != null || socket != null || connect != null) {
                config.install(HttpTimeout) {
                    requestTimeoutMillis = request
                    socketTimeoutMillis = socket
                    connectTimeoutMillis = connect
                }
            }
        }

        /** Runs [call], inside `withTimeout` when the app sets a `coroutine=` timeout. */
        suspend fun within(call: suspend () -> Unit) {
            if (coroutine == null) call() else withTimeout(coroutine) { call() }
        }

        companion object {
            fun parse(text: String) = Timeouts(text.split(",").filter { it.isNotBlank() }.associate {
                val (name, millis) = it.split("=", limit = 2)
                name.trim() to millis.trim().toLong()
            })
        }
    }
}
