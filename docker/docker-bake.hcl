# Builds every image: `docker buildx bake -f docker/docker-bake.hcl` (from the repository root).
# One target per app; the backend apps share docker/service.Dockerfile with their own APP and PORT.
# REGISTRY and TAG name the images: REGISTRY=ghcr.io/acme TAG=6.0.0 docker buildx bake -f docker/docker-bake.hcl --push

variable "REGISTRY" { default = "atrium" }
variable "TAG" { default = "latest" }

group "default" {
  targets = ["gateway", "identity", "tickets", "sessions", "campaigns", "billing", "ai", "wa-sandbox", "web"]
}

target "service" {
  context    = "."
  dockerfile = "docker/service.Dockerfile"
}

target "gateway" {
  inherits = ["service"]
  args     = { APP = "gateway", PORT = "8080" }
  tags     = ["${REGISTRY}/gateway:${TAG}"]
}

target "identity" {
  inherits = ["service"]
  args     = { APP = "identity", PORT = "8081" }
  tags     = ["${REGISTRY}/identity:${TAG}"]
}

target "tickets" {
  inherits = ["service"]
  args     = { APP = "tickets", PORT = "8082" }
  tags     = ["${REGISTRY}/tickets:${TAG}"]
}

target "sessions" {
  inherits = ["service"]
  args     = { APP = "sessions", PORT = "8083" }
  tags     = ["${REGISTRY}/sessions:${TAG}"]
}

target "campaigns" {
  inherits = ["service"]
  args     = { APP = "campaigns", PORT = "8084" }
  tags     = ["${REGISTRY}/campaigns:${TAG}"]
}

target "billing" {
  inherits = ["service"]
  args     = { APP = "billing", PORT = "8085" }
  tags     = ["${REGISTRY}/billing:${TAG}"]
}

target "ai" {
  inherits = ["service"]
  args     = { APP = "ai", PORT = "8086" }
  tags     = ["${REGISTRY}/ai:${TAG}"]
}

# The simulated WhatsApp network (development, demos, load tests): not for production.
target "wa-sandbox" {
  inherits = ["service"]
  args     = { APP = "wa-sandbox", PORT = "8090", HEALTH_PATH = "/health" }
  tags     = ["${REGISTRY}/wa-sandbox:${TAG}"]
}

target "web" {
  context    = "."
  dockerfile = "docker/web.Dockerfile"
  tags       = ["${REGISTRY}/web:${TAG}"]
}
