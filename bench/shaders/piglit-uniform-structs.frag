#version 100
precision mediump float;
struct tex_struct {
    vec4 mix;
    sampler2D sampler;
};

varying vec4 texcoords;

/* If the implementation splits the struct badly and accidentally assigns
 * location 0 to the sampler, an implementation may confuse it with the
 * earlier matrix which takes up storage (unlike a sampler).
 */
uniform tex_struct tex;

void main()
{
    gl_FragColor = texture2D(tex.sampler, texcoords.xy) * tex.mix;
}

