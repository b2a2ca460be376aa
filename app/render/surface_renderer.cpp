#include "app/render/surface_renderer.h"

#include <algorithm>

#include <glm/gtc/type_ptr.hpp>

#include "app/i18n/translation.h"
#include "app/picture/colour_map.h"
#include "app/picture/colour_scale.h"
#include "app/render/colour_shader.h"
#include "app/render/gl_check.h"
#include "app/render/gl_state_saver.h"
#include "kernels/base/errors.h"
#include "shaders/surface_frag.h"
#include "shaders/surface_vert.h"

namespace heatlab {

namespace {

// FieldRenderer's units: a buffer texture never shares one with a 2D one.
constexpr GLint kDisplayUnit = 0;
constexpr GLint kTableUnit = 1;
constexpr int kWantedSamples = 4;

// A colour or depth texture of width x height, multisampled when samples > 1.
gl::Texture targetTexture(GLenum format, int samples, int width, int height) {
    gl::Texture texture = gl::Texture::create();
    if (samples > 1) {
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, texture.id());
        GL_CHECK(glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, format, width, height,
                                         GL_TRUE));
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
    } else {
        glBindTexture(GL_TEXTURE_2D, texture.id());
        const GLenum base = format == GL_DEPTH_COMPONENT24 ? GL_DEPTH_COMPONENT : GL_RGBA;
        const GLenum type = format == GL_DEPTH_COMPONENT24 ? GL_UNSIGNED_INT : GL_UNSIGNED_BYTE;
        GL_CHECK(glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(format), width, height, 0, base,
                              type, nullptr));
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    return texture;
}

void attach(GLuint framebuffer, GLenum attachment, const gl::Texture& texture, int samples) {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    GL_CHECK(glFramebufferTexture2D(GL_FRAMEBUFFER, attachment,
                                    samples > 1 ? GL_TEXTURE_2D_MULTISAMPLE : GL_TEXTURE_2D,
                                    texture.id(), 0));
}

void requireComplete(const char* what) {
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        throw RuntimeError(trf("the surface view's %s framebuffer is incomplete (status %u)", what,
                               static_cast<unsigned>(status)));
    }
}

}  // namespace

SurfaceRenderer::SurfaceRenderer(GLuint colourTables) : colourTables_(colourTables) {
    program_ = gl::linkProgram("surface", shaders::kSurfaceVert, shaders::kSurfaceFrag,
                               colourShaderLibrary());
    emptyVertexArray_ = gl::VertexArray::create();
    const GLuint id = program_.id();
    Uniforms& u = uniforms_;
    u.display = glGetUniformLocation(id, "uDisplay");
    u.offset = glGetUniformLocation(id, "uOffset");
    u.grid = glGetUniformLocation(id, "uGrid");
    u.mesh = glGetUniformLocation(id, "uMesh");
    u.first = glGetUniformLocation(id, "uFirst");
    u.rowLength = glGetUniformLocation(id, "uRowLength");
    u.spacing = glGetUniformLocation(id, "uSpacing");
    u.height = glGetUniformLocation(id, "uHeight");
    u.viewProjection = glGetUniformLocation(id, "uViewProjection");
    u.scale = glGetUniformLocation(id, "uScale");
    u.scaleReference = glGetUniformLocation(id, "uScaleReference");
    u.normalisation = glGetUniformLocation(id, "uNormalisation");
    u.rangeFromField = glGetUniformLocation(id, "uRangeFromField");
    u.centreOnZero = glGetUniformLocation(id, "uCentreOnZero");
    u.colourTables = glGetUniformLocation(id, "uColourTables");
    u.mapRow = glGetUniformLocation(id, "uMapRow");
    u.light = glGetUniformLocation(id, "uLight");
    u.nanColour = glGetUniformLocation(id, "uNanColour");

    // Multisampled where both a colour and a depth texture may be.
    GLint colourSamples = 1;
    GLint depthSamples = 1;
    glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &colourSamples);
    glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &depthSamples);
    samples_ = std::max(1, std::min({kWantedSamples, colourSamples, depthSamples}));

    GLint previous = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &previous);
    GL_CHECK(glUseProgram(id));
    glUniform1i(u.display, kDisplayUnit);
    glUniform1i(u.colourTables, kTableUnit);
    glUniform3f(u.nanColour, kNanColour.r / 255.0f, kNanColour.g / 255.0f, kNanColour.b / 255.0f);
    glUseProgram(static_cast<GLuint>(previous));
    gl::throwOnError("SurfaceRenderer setup", __FILE__, __LINE__);
}

void SurfaceRenderer::prepareTargets(int width, int height) {
    if (width == targetWidth_ && height == targetHeight_ && drawTarget_) {
        return;
    }
    targetWidth_ = 0;
    targetHeight_ = 0;
    drawTarget_ = gl::Framebuffer::create();
    drawColour_ = targetTexture(GL_RGBA8, samples_, width, height);
    drawDepth_ = targetTexture(GL_DEPTH_COMPONENT24, samples_, width, height);
    attach(drawTarget_.id(), GL_COLOR_ATTACHMENT0, drawColour_, samples_);
    attach(drawTarget_.id(), GL_DEPTH_ATTACHMENT, drawDepth_, samples_);
    requireComplete("drawing");
    resolvedTarget_ = gl::Framebuffer::create();
    resolvedColour_ = targetTexture(GL_RGBA8, 1, width, height);
    attach(resolvedTarget_.id(), GL_COLOR_ATTACHMENT0, resolvedColour_, 1);
    requireComplete("resolving");
    targetWidth_ = width;
    targetHeight_ = height;
}

std::size_t SurfaceRenderer::targetBytes() const {
    if (!drawTarget_) {
        return 0;
    }
    // RGBA8 colour and 24-bit depth (four bytes a sample) a sample, then
    // the resolved RGBA8 colour.
    const std::size_t pixels =
        static_cast<std::size_t>(targetWidth_) * static_cast<std::size_t>(targetHeight_);
    return pixels * (8 * static_cast<std::size_t>(samples_) + 4);
}

void SurfaceRenderer::draw(const FieldValues& values, const SurfaceMesh& mesh,
                           const OrbitCamera& camera, const DrawSettings& settings, int x, int y,
                           int width, int height) {
    if (width <= 0 || height <= 0) {
        return;
    }
    if (mesh.cols < 2 || mesh.rows < 2) {
        throw RuntimeError(tr("the surface view needs a mesh of at least 2 x 2 values"));
    }
    const CellWindow meshCells{mesh.firstCol, mesh.firstRow, mesh.cols, mesh.rows};
    if (values.texture == 0 || values.image == mesh.fromField ||
        (mesh.fromField && !values.cells.contains(meshCells))) {
        throw RuntimeError(tr("the surface view's image was not made for its mesh"));
    }
    const GridSize& grid = values.grid;
    const GlStateSaver saved;
    prepareTargets(width, height);

    glBindFramebuffer(GL_FRAMEBUFFER, drawTarget_.id());
    glViewport(0, 0, width, height);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
    glDisable(GL_FRAMEBUFFER_SRGB);
    glEnable(GL_MULTISAMPLE);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
    glClearDepth(1.0);
    GL_CHECK(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));

    GL_CHECK(glUseProgram(program_.id()));
    glActiveTexture(GL_TEXTURE0 + kDisplayUnit);
    glBindSampler(kDisplayUnit, 0);
    GL_CHECK(glBindTexture(GL_TEXTURE_BUFFER, values.texture));
    glActiveTexture(GL_TEXTURE0 + kTableUnit);
    glBindSampler(kTableUnit, 0);
    glBindTexture(GL_TEXTURE_2D, colourTables_);

    const Uniforms& u = uniforms_;
    const auto scaled = [&settings](float value) {
        return scaledValue(settings.scale, settings.scaleReference, value);
    };
    const Normalisation n = normalisation(scaled(settings.lo), scaled(settings.hi));
    const float aspect = static_cast<float>(width) / static_cast<float>(height);
    const SurfaceBox box = surfaceBox(mesh.spanCols, mesh.spanRows);
    const glm::mat4 viewProjection = surfaceViewProjection(camera, box, aspect);
    // The light from above the viewer's left shoulder, turning with the camera.
    const glm::vec3 eye = cameraEye(camera, box, aspect);
    const glm::vec3 up(0.0f, 1.0f, 0.0f);
    const glm::vec3 back =
        glm::normalize(glm::vec3(eye.x, 0.0f, eye.z) + glm::vec3(0.0f, 0.0f, 1e-6f));
    const glm::vec3 right = glm::normalize(glm::cross(up, back));
    const glm::vec3 light = glm::normalize(0.5f * back + 1.0f * up - 0.6f * right);

    glUniform2i(u.grid, grid.nx, grid.ny);
    glUniform2i(u.mesh, mesh.cols, mesh.rows);
    // The mesh's first cell within the window the buffer holds.
    glUniform2i(u.first, mesh.fromField ? mesh.firstCol - values.cells.col : 0,
                mesh.fromField ? mesh.firstRow - values.cells.row : 0);
    glUniform1i(u.rowLength, mesh.fromField ? values.cells.width : mesh.image.width);
    glUniform1i(u.offset, static_cast<GLint>(values.offset));
    glUniform2f(u.spacing, box.width / static_cast<float>(mesh.cols),
                box.depth / static_cast<float>(mesh.rows));
    glUniform1f(u.height, kSurfaceHeight);
    glUniformMatrix4fv(u.viewProjection, 1, GL_FALSE, glm::value_ptr(viewProjection));
    glUniform1i(u.scale, static_cast<GLint>(settings.scale));
    glUniform1f(u.scaleReference, settings.scaleReference);
    glUniform3f(u.normalisation, n.lo, n.scale, n.offset);
    glUniform1i(u.rangeFromField, settings.rangeFromField ? 1 : 0);
    glUniform1i(u.centreOnZero, settings.map == ColourMap::Diverging ? 1 : 0);
    glUniform1i(u.mapRow, static_cast<GLint>(settings.map));
    glUniform3fv(u.light, 1, glm::value_ptr(light));
    glBindVertexArray(emptyVertexArray_.id());
    // Four triangles a quad (surface.vert).
    const GLsizei vertices = static_cast<GLsizei>(12LL * (mesh.cols - 1) * (mesh.rows - 1));
    GL_CHECK(glDrawArrays(GL_TRIANGLES, 0, vertices));

    // Resolved into a single-sampled target, then copied into the rectangle.
    glBindFramebuffer(GL_READ_FRAMEBUFFER, drawTarget_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolvedTarget_.id());
    GL_CHECK(glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT,
                               GL_NEAREST));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, resolvedTarget_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, saved.drawFramebuffer());
    GL_CHECK(glBlitFramebuffer(0, 0, width, height, x, y, x + width, y + height,
                               GL_COLOR_BUFFER_BIT, GL_NEAREST));
}

}  // namespace heatlab
