package io.llmfailover.e2e.apps

import io.ktor.client.HttpClient
import io.ktor.client.engine.cio.CIO
import io.ktor.client.plugins.HttpRedirect
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

/**
 * An ordinary Kotlin app that calls an OpenAI-compatible endpoint with Ktor's [HttpClient] on the CIO
 * engine, default settings: `bodyAsText()` when blocking, and when streaming a prepared call whose body
 * channel it reads line by line inside `execute`. Each call runs in `runBlocking`. Args: see [AppArgs].
 */
object KtorCioApp {

    @JvmStatic
    fun main(args: Array<String>) {
        val app = AppArgs.parse(args)
        client(app).use { client ->
            app.plan().run { number -> runBlocking { call(client, app, number) } }
        }
        Report.done()
    }

    /**
     * Ktor's `HttpRedirect` plugin, installed by default (`followRedirects = true`), follows only a
     * GET's or a HEAD's redirect; following on also lets it follow a POST's (`checkHttpMethod = false`).
     */
    private fun client(app: AppArgs): HttpClient = if (!app.followsRedirects()) HttpClient(CIO) else HttpClient(CIO) {
        followRedirects = true
        install(HttpRedirect) {
            checkHttpMethod = false
        }
    }

    private suspend fun call(client: HttpClient, app: AppArgs, number: Int) {
        val url = app.baseUrl() + "/chat/completions"
        try {
            if (app.streaming()) {
                client.preparePost(url) { chatRequest(app) }.execute { response -> stream(number, response) }
            } else {
                complete(number, client.post(url) { chatRequest(app) })
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
                break
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
}
