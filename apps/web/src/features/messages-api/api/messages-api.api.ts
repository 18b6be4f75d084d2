import { api } from '../../../shared/api/api';

/** The external send API's path (spec 001 section 7: POST {host}/api/messages/send). */
export const EXTERNAL_SEND_PATH = '/api/messages/send';

/** A test send from the /messages-api page: with the connection's token, never the user's session. */
export interface ExternalSendInput {
  token: string;
  number: string;
  body: string;
  /** With a file the request is multipart {number, body, medias}; otherwise JSON {number, body}. */
  media?: File;
}

function requestBody(input: ExternalSendInput): FormData | { number: string; body: string } {
  if (!input.media) return { number: input.number, body: input.body };
  const form = new FormData();
  form.append('number', input.number);
  form.append('body', input.body);
  form.append('medias', input.media);
  return form;
}

export const messagesApiApi = api.injectEndpoints({
  endpoints: (build) => ({
    externalSend: build.mutation<{ mensagem: string }, ExternalSendInput>({
      query: (input) => ({
        url: EXTERNAL_SEND_PATH,
        method: 'POST',
        headers: { authorization: `Bearer ${input.token.trim()}` },
        body: requestBody(input),
      }),
      extraOptions: { skipSessionRules: true },
    }),
  }),
});

export const { useExternalSendMutation } = messagesApiApi;
