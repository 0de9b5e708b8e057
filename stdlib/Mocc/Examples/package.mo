within Mocc;
package Examples "Small self-contained models to try mocc with"
end Examples;
