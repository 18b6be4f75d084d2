# Builds every image: `docker buildx bake -f docker/docker-bake.hcl` (from the repository root;
# needs buildx 0.12+ for the matrix). One image per backend app from docker/service.Dockerfile
# with its APP and PORT, plus the web image.
# REGISTRY and TAG name the images: REGISTRY=ghcr.io/acme TAG=6.0.0 docker buildx bake -f docker/docker-bake.hcl --push
# One app: docker buildx bake -f docker/docker-bake.hcl identity

variable "REGISTRY" { default = "atrium" }
variable "TAG" { default = "latest" }

group "default" {
  targets = ["services", "web"]
}

target "services" {
  name       = item.app
  context    = "."
  dockerfile = "docker/service.Dockerfile"
  matrix = {
    item = [
      { app = "gateway", port = "8080", health = "/health/live" },
      { app = "identity", port = "8081", health = "/health/live" },
      { app = "tickets", port = "8082", health = "/health/live" },
      { app = "sessions", port = "8083", health = "/health/live" },
      { app = "campaigns", port = "8084", health = "/health/live" },
      { app = "billing", port = "8085", health = "/health/live" },
      { app = "ai", port = "8086", health = "/health/live" },
      # The simulated WhatsApp network (development, demos, load tests): not for production.
      { app = "wa-sandbox", port = "8090", health = "/health" },
      # The Stripe simulator (development, demos, tests): not for production.
      { app = "stripe-sandbox", port = "8091", health = "/health" },
      # The OpenAI and Azure Speech simulator (development, demos, tests): not for production.
      { app = "openai-sandbox", port = "8092", health = "/health" },
      # The Typebot, Dialogflow and webhook-receiver simulator (development, demos, tests): not for production.
      { app = "bot-providers-sandbox", port = "8093", health = "/health" },
      # Meta's Graph API (WhatsApp Cloud API) simulator (development, demos, tests): not for production.
      { app = "meta-sandbox", port = "8094", health = "/health" },
      # An OpenID Connect provider simulator (single sign-on in development, demos, tests): not for production.
      { app = "oidc-sandbox", port = "8095", health = "/health" },
    ]
  }
  args = { APP = item.app, PORT = item.port, HEALTH_PATH = item.health }
  tags = ["${REGISTRY}/${item.app}:${TAG}"]
}

target "web" {
  context    = "."
  dockerfile = "docker/web.Dockerfile"
  tags       = ["${REGISTRY}/web:${TAG}"]
}

# The whole backend in one process for one small server (deploy/compose): not in the default
# group, build it with `docker buildx bake -f docker/docker-bake.hcl single web`.
target "single" {
  context    = "."
  dockerfile = "docker/single.Dockerfile"
  tags       = ["${REGISTRY}/single:${TAG}"]
}
