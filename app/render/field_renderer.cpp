#include "app/render/field_renderer.h"

#include <algorithm>
#include <string>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "app/i18n/translation.h"
#include "app/render/colour_shader.h"
#include "app/render/gl_check.h"
#include "app/render/gl_state_saver.h"
#include "kernels/base/errors.h"
#include "shaders/field_frag.h"
#include "shaders/field_vert.h"

namespace heatlab {

namespace {

// Fixed units: the display's samplerBuffer and the tables' sampler2D must
// never share one (two sampler types on one unit fail the draw).
constexpr GLint kDisplayUnit = 0;
constexpr GLint kTableUnit = 1;

// The program's uMode.
constexpr GLint kModeField = 0;
constexpr GLint kModeColourBar = 1;
constexpr GLint kModeColourBarAcross = 2;

glm::vec3 toVec3(Rgb8 colour) { return glm::vec3(colour.r, colour.g, colour.b) / 255.0f; }

}  // namespace

FieldRenderer::FieldRenderer() {
    program_ =
        gl::linkProgram("field", shaders::kFieldVert, shaders::kFieldFrag, colourShaderLibrary());
    emptyVertexArray_ = gl::VertexArray::create();
    colourTables_ = gl::Texture::create();

    const GLuint id = program_.id();
    uniforms_.display = glGetUniformLocation(id, "uDisplay");
    uniforms_.colourTables = glGetUniformLocation(id, "uColourTables");
    uniforms_.mapRow = glGetUniformLocation(id, "uMapRow");
    uniforms_.mode = glGetUniformLocation(id, "uMode");
    uniforms_.rect = glGetUniformLocation(id, "uRect");
    uniforms_.grid = glGetUniformLocation(id, "uGrid");
    uniforms_.pixelToCell = glGetUniformLocation(id, "uPixelToCell");
    uniforms_.scale = glGetUniformLocation(id, "uScale");
    uniforms_.scaleReference = glGetUniformLocation(id, "uScaleReference");
    uniforms_.normalisation = glGetUniformLocation(id, "uNormalisation");
    uniforms_.rangeFromField = glGetUniformLocation(id, "uRangeFromField");
    uniforms_.centreOnZero = glGetUniformLocation(id, "uCentreOnZero");
    uniforms_.nanColour = glGetUniformLocation(id, "uNanColour");
    uniforms_.background = glGetUniformLocation(id, "uBackground");
    uniforms_.offset = glGetUniformLocation(id, "uOffset");
    uniforms_.window = glGetUniformLocation(id, "uWindow");
    uniforms_.fromImage = glGetUniformLocation(id, "uFromImage");

    // One RGBA8 row per map, in allColourMaps() order (the enum's order).
    const std::vector<ColourMap> maps = allColourMaps();
    std::vector<std::uint8_t> texels;
    texels.reserve(maps.size() * kColourTableEntries * 4);
    for (ColourMap map : maps) {
        for (const Rgb8& colour : colourTable(map, kColourTableEntries)) {
            texels.insert(texels.end(), {colour.r, colour.g, colour.b, 255});
        }
    }

    const GlStateSaver saved;
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glActiveTexture(GL_TEXTURE0 + kTableUnit);
    glBindTexture(GL_TEXTURE_2D, colourTables_.id());
    GL_CHECK(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kColourTableEntries,
                          static_cast<GLsizei>(maps.size()), 0, GL_RGBA, GL_UNSIGNED_BYTE,
                          texels.data()));
    // Read with texelFetch only; a single level with non-mipmap filters keeps
    // the texture complete, which texelFetch still requires.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);

    // Constant for the program's life: set once.
    GL_CHECK(glUseProgram(id));
    glUniform1i(uniforms_.display, kDisplayUnit);
    glUniform1i(uniforms_.colourTables, kTableUnit);
    glUniform3fv(uniforms_.nanColour, 1, glm::value_ptr(toVec3(kNanColour)));
    glUniform3fv(uniforms_.background, 1, glm::value_ptr(toVec3(kBackground)));
    gl::throwOnError("FieldRenderer setup", __FILE__, __LINE__);
}

void FieldRenderer::draw(const FieldValues& values, const ViewTransform& view,
                         const DrawSettings& settings, int x, int y, int width, int height) {
    const GridSize& grid = values.grid;
    if (grid.nx < 1 || grid.ny < 1) {
        throw RuntimeError(trf("cannot draw a %d x %d field", grid.nx, grid.ny));
    }
    if (values.texture == 0) {
        throw RuntimeError("FieldRenderer::draw was given no display buffer texture");
    }
    if (width <= 0 || height <= 0) {
        return;
    }

    const GlStateSaver saved;
    GL_CHECK(glUseProgram(program_.id()));
    glActiveTexture(GL_TEXTURE0 + kDisplayUnit);
    glBindSampler(kDisplayUnit, 0);
    GL_CHECK(glBindTexture(GL_TEXTURE_BUFFER, values.texture));

    const auto scaled = [&settings](float value) {
        return scaledValue(settings.scale, settings.scaleReference, value);
    };
    const Normalisation n = normalisation(scaled(settings.lo), scaled(settings.hi));
    const glm::mat3 toCell = pixelToCell(view, width, height);
    const CellWindow& w = values.cells;
    glUniform1i(uniforms_.mode, kModeField);
    glUniform1i(uniforms_.mapRow, static_cast<GLint>(settings.map));
    glUniform2i(uniforms_.grid, grid.nx, grid.ny);
    glUniformMatrix3fv(uniforms_.pixelToCell, 1, GL_FALSE, glm::value_ptr(toCell));
    glUniform1i(uniforms_.scale, static_cast<GLint>(settings.scale));
    glUniform1f(uniforms_.scaleReference, settings.scaleReference);
    glUniform3f(uniforms_.normalisation, n.lo, n.scale, n.offset);
    glUniform1i(uniforms_.rangeFromField, settings.rangeFromField ? 1 : 0);
    glUniform1i(uniforms_.centreOnZero, settings.map == ColourMap::Diverging ? 1 : 0);
    glUniform1i(uniforms_.offset, static_cast<GLint>(values.offset));
    glUniform4i(uniforms_.window, w.col, w.row, w.width, w.height);
    glUniform1i(uniforms_.fromImage, values.image ? 1 : 0);
    drawRectangle(x, y, width, height);
}

SurfaceRenderer& FieldRenderer::surface() {
    if (!surface_) {
        surface_ = std::make_unique<SurfaceRenderer>(colourTables_.id());
    }
    return *surface_;
}

void FieldRenderer::drawColourBar(ColourMap map, int x, int y, int width, int height, bool across) {
    if (width <= 0 || height <= 0) {
        return;
    }
    const GlStateSaver saved;
    GL_CHECK(glUseProgram(program_.id()));
    glUniform1i(uniforms_.mode, across ? kModeColourBarAcross : kModeColourBar);
    glUniform1i(uniforms_.mapRow, static_cast<GLint>(map));
    drawRectangle(x, y, width, height);
}

// Binds the tables, sets the fixed-function state the draw needs (the
// caller's is put back by GlStateSaver) and draws the one triangle.
void FieldRenderer::drawRectangle(int x, int y, int width, int height) {
    glActiveTexture(GL_TEXTURE0 + kTableUnit);
    glBindSampler(kTableUnit, 0);
    glBindTexture(GL_TEXTURE_2D, colourTables_.id());
    glViewport(x, y, width, height);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    // The table's bytes go to the framebuffer unchanged.
    glDisable(GL_FRAMEBUFFER_SRGB);
    glUniform4f(uniforms_.rect, static_cast<float>(x), static_cast<float>(y),
                static_cast<float>(width), static_cast<float>(height));
    glBindVertexArray(emptyVertexArray_.id());
    GL_CHECK(glDrawArrays(GL_TRIANGLES, 0, 3));
}

}  // namespace heatlab
