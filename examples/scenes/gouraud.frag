// gouraud.frag: the texture lit by the interpolated light, plus the
// interpolated specular highlight.
precision mediump float;
uniform sampler2D tex;
varying vec2 v_uv;
varying vec3 v_light;
varying float v_spec;

void main()
{
	vec3 rgb = texture2D(tex, v_uv).rgb;
	gl_FragColor = vec4(rgb * v_light + vec3(v_spec), 1.0);
}
